import Help from '@mui/icons-material/Help';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useMatches } from '@tanstack/react-router';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { defaultLanguage, isLanguage } from '../../lib/i18n/language';
import { useHelpRoutes } from './api';

// The dialog brings the markdown renderer; it loads on first use.
const HelpDialog = lazy(() => import('./help-dialog').then((m) => ({ default: m.HelpDialog })));

/** The route pattern of the current page (`/process/$id`), as help content is stored by it. */
function useRoutePattern(): string | null {
  return useMatches({
    select: (matches) => {
      const id = matches[matches.length - 1]?.routeId;
      return id && id !== '__root__' ? String(id) : null;
    },
  });
}

/** The help button (disabled without help for the route) and F1. */
export function HelpButton() {
  const { t, i18n } = useTranslation();
  const language = isLanguage(i18n.language) ? i18n.language : defaultLanguage;
  const route = useRoutePattern();
  const routes = useHelpRoutes(language);
  const available = !!route && !!routes.data?.includes(route);
  const [openFor, setOpenFor] = useState<string | null>(null);

  const open = useCallback(() => {
    if (available && route) setOpenFor(route);
  }, [available, route]);
  const close = useCallback(() => setOpenFor(null), []);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'F1' || event.altKey || event.ctrlKey || event.metaKey) return;
      event.preventDefault();
      open();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [open]);

  // Leaving the page closes its help.
  useEffect(() => {
    if (openFor && openFor !== route) setOpenFor(null);
  }, [openFor, route]);

  return (
    <>
      <Tooltip title={available ? t('help.open') : t('toolbar.helpUnavailable')}>
        {/* Disabled buttons fire no events; the span lets the tooltip explain why. */}
        <span>
          <IconButton aria-label={t('toolbar.help')} disabled={!available} onClick={open} aria-haspopup="dialog">
            <Help />
          </IconButton>
        </span>
      </Tooltip>
      {openFor && (
        <Suspense fallback={null}>
          <HelpDialog route={openFor} language={language} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
