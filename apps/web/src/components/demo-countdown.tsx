import Warning from '@mui/icons-material/Warning';
import Typography, { type TypographyProps } from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { demoCountdownText } from './demo-countdown-text';
import { useNow } from './use-now';

/** The text of the demo reset countdown (days and hours, 7 days after creation). */
export function useDemoCountdownText(creationDate: string): string {
  const { t } = useTranslation();
  const now = useNow();
  return demoCountdownText(t, creationDate, now);
}

/** A red warning: this demo company is reset soon. */
export function DemoCountdown({ creationDate, ...props }: { creationDate: string } & TypographyProps) {
  const text = useDemoCountdownText(creationDate);
  return (
    <Typography variant="body2" color="error" {...props} sx={{ fontWeight: 600, lineHeight: 1.35, ...props.sx }}>
      <Warning sx={{ fontSize: 16, verticalAlign: 'text-bottom', mr: 0.5 }} aria-hidden />
      {text}
    </Typography>
  );
}
