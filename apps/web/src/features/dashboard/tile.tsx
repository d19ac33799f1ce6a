import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea, { type CardActionAreaProps } from '@mui/material/CardActionArea';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { createLink } from '@tanstack/react-router';
import { forwardRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

const CardActionAnchor = forwardRef<HTMLAnchorElement, CardActionAreaProps<'a'>>((props, ref) => (
  <CardActionArea ref={ref} component="a" {...props} />
));
CardActionAnchor.displayName = 'CardActionAnchor';

/** The clickable body of a tile: a real link to the tile's list. */
export const CardLink = createLink(CardActionAnchor);

interface TileProps {
  title: string;
  icon?: ReactNode;
  /** Asks to hide the tile (the confirmation lives on the page). */
  onHide?: () => void;
  /** Wide tiles span two grid columns from md up; full ones the whole row. */
  wide?: boolean | 'full';
  children: ReactNode;
  testId?: string;
}

/** A dashboard tile: a header with its title and close button, then its body. */
export function Tile({ title, icon, onHide, wide, children, testId }: TileProps) {
  const { t } = useTranslation();
  return (
    <Card
      component="section"
      aria-label={title}
      data-tile={testId}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        minWidth: 0,
        gridColumn: wide === 'full' ? '1 / -1' : wide ? { xs: 'auto', md: 'span 2' } : undefined,
      }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: 2, pr: 0.5, pt: 1, minHeight: 44 }}>
        {icon && (
          <Box aria-hidden sx={{ display: 'flex', color: 'primary.main', '& svg': { fontSize: 20 } }}>
            {icon}
          </Box>
        )}
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600, flexGrow: 1, minWidth: 0, lineHeight: 1.3 }}>
          {title}
        </Typography>
        {onHide && (
          <Tooltip title={t('dashboard.hide.button')}>
            <IconButton size="small" onClick={onHide} aria-label={t('dashboard.hide.buttonFor', { name: title })}>
              <Close fontSize="small" />
            </IconButton>
          </Tooltip>
        )}
      </Box>
      <Box sx={{ flexGrow: 1, display: 'flex', flexDirection: 'column' }}>{children}</Box>
    </Card>
  );
}
