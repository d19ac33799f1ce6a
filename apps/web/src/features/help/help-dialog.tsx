import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import type { Language } from '@pc/shared';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DialogFrame } from '../../components/dialog-frame';
import { MarkdownContent } from '../../components/markdown-content';
import { notify } from '../../lib/notify';
import { clampPage, useHelpContents } from './api';

interface HelpDialogProps {
  route: string;
  language: Language;
  onClose: () => void;
}

/** The help dialog: the route's pages in the user's language, paging, markdown, OK. */
export function HelpDialog({ route, language, onClose }: HelpDialogProps) {
  const { t } = useTranslation();
  const { data, isPending, isError } = useHelpContents(route, language);
  const [page, setPage] = useState(0);
  const pages = [...(data ?? [])].sort((a, b) => a.index - b.index);
  const count = pages.length;
  const current = pages[clampPage(page, count)];

  // No content for the language (also after switching it) closes with help.error.
  useEffect(() => {
    if (isError || (data && data.length === 0)) {
      notify(t('help.error'), 'error');
      onClose();
    }
  }, [data, isError, onClose, t]);

  // A language switch re-filters: start again on the first page.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset on language change only
  useEffect(() => setPage(0), [language]);

  const go = (delta: number) => setPage((p) => clampPage(p + delta, count));

  return (
    <DialogFrame
      title={t('help.title')}
      titleAside={
        count > 1 && (
          <Typography variant="body2" color="text.secondary" component="span" data-help-page>
            {t('help.page', { page: clampPage(page, count) + 1, count })}
          </Typography>
        )
      }
      onClose={onClose}
      onKeyDown={(e) => {
        if (e.key === 'ArrowRight' && !(e.target instanceof HTMLInputElement)) go(1);
        if (e.key === 'ArrowLeft' && !(e.target instanceof HTMLInputElement)) go(-1);
      }}
      width={720}
      contentProps={{ dividers: true, sx: { minHeight: 200 } }}
      actions={
        <>
          {count > 1 && (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5, flexGrow: 1, minWidth: 0 }}>
              <IconButton aria-label={t('help.previous')} onClick={() => go(-1)} disabled={page <= 0}>
                <ChevronLeft />
              </IconButton>
              <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap' }}>
                {pages.map((p, i) => {
                  const selected = i === clampPage(page, count);
                  return (
                    <Box
                      key={p.id}
                      component="button"
                      type="button"
                      aria-label={t('help.goToPage', { page: i + 1 })}
                      aria-current={selected ? 'step' : undefined}
                      onClick={() => setPage(i)}
                      sx={{
                        border: 0,
                        bgcolor: 'transparent',
                        p: 0.75,
                        cursor: 'pointer',
                        display: 'grid',
                        placeItems: 'center',
                        '&::after': {
                          content: '""',
                          width: 10,
                          height: 10,
                          borderRadius: '50%',
                          bgcolor: selected ? 'primary.main' : 'grey.400',
                        },
                        '&:focus-visible': { outline: '2px solid', outlineColor: 'primary.main', borderRadius: 1 },
                      }}
                    />
                  );
                })}
              </Box>
              <IconButton aria-label={t('help.next')} onClick={() => go(1)} disabled={page >= count - 1}>
                <ChevronRight />
              </IconButton>
            </Box>
          )}
          <Button variant="contained" onClick={onClose} autoFocus sx={{ ml: 'auto' }}>
            {t('help.ok')}
          </Button>
        </>
      }
    >
      {isPending || !current ? (
        <Box sx={{ display: 'grid', placeItems: 'center', minHeight: 160 }}>
          <CircularProgress aria-label={t('help.title')} />
        </Box>
      ) : (
        <Box data-help-index={current.index}>
          <MarkdownContent>{current.content}</MarkdownContent>
        </Box>
      )}
    </DialogFrame>
  );
}
