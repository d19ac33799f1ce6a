import type { SvgIconComponent } from '@mui/icons-material';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/** The heading of a profile card or section: its icon and the h2 the section is labelled by (`id`). */
export function CardHeading({
  id,
  icon: Icon,
  title,
  mb = 1,
}: {
  id: string;
  icon: SvgIconComponent;
  title: string;
  mb?: number;
}) {
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb }}>
      <Icon color="primary" aria-hidden />
      <Typography id={id} variant="h6" component="h2">
        {title}
      </Typography>
    </Stack>
  );
}
