import type { SvgIconComponent } from '@mui/icons-material';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

/** A type's own panel under its form: icon, title and introduction beside the panel's main action. */
export function PanelFrame({
  icon: Icon,
  title,
  intro,
  action,
  children,
}: {
  icon: SvgIconComponent;
  title: string;
  intro: string;
  action: ReactNode;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      sx={{ p: { xs: 2, sm: 2.5 }, borderRadius: 3, border: '1px solid', borderColor: 'divider' }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Icon sx={{ color: 'primary.main', fontSize: 32 }} aria-hidden />
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography id={titleId} variant="subtitle1" component="h3">
            {title}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {intro}
          </Typography>
        </Box>
        {action}
      </Stack>
      {children}
    </Box>
  );
}
