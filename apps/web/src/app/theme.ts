import { deDE, enUS } from '@mui/material/locale';
import { createTheme, type Theme } from '@mui/material/styles';

export const SIDEBAR_WIDTH = 230;
export const TOOLBAR_HEIGHT = 64;

const fontFamily = [
  'Inter',
  '"Segoe UI"',
  'system-ui',
  '-apple-system',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

/** Calm, professional palette: deep petrol blue with a teal accent on a cool grey canvas. */
export function createAppTheme(language: string): Theme {
  return createTheme(
    {
      palette: {
        mode: 'light',
        primary: { main: '#0d5673', light: '#3f7f9a', dark: '#083b50', contrastText: '#ffffff' },
        secondary: { main: '#137a72', contrastText: '#ffffff' },
        error: { main: '#c62828' },
        warning: { main: '#b26a00' },
        background: { default: '#f3f5f8', paper: '#ffffff' },
        text: { primary: '#1b2733', secondary: '#55626f' },
        divider: 'rgba(27, 39, 51, 0.12)',
      },
      shape: { borderRadius: 10 },
      typography: {
        fontFamily,
        h4: { fontWeight: 650, letterSpacing: '-0.01em' },
        h5: { fontWeight: 650, letterSpacing: '-0.005em' },
        h6: { fontWeight: 600 },
        button: { textTransform: 'none', fontWeight: 600 },
        subtitle1: { fontWeight: 600 },
      },
      components: {
        // Spec 001 §9: form fields use the fill appearance.
        MuiTextField: { defaultProps: { variant: 'filled', fullWidth: true } },
        MuiFormControl: { defaultProps: { variant: 'filled' } },
        MuiButton: { defaultProps: { disableElevation: true } },
        MuiAppBar: { defaultProps: { elevation: 0, color: 'inherit' } },
        MuiCard: { defaultProps: { elevation: 0 }, styleOverrides: { root: { border: '1px solid rgba(27, 39, 51, 0.12)' } } },
        MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
        // Width and the full screen on a phone: components/dialog-frame.tsx.
        MuiDialog: { styleOverrides: { paper: { borderRadius: 14 } } },
        MuiDialogTitle: { styleOverrides: { root: { fontWeight: 650 } } },
        MuiListItemButton: {
          styleOverrides: {
            root: ({ theme }) => ({
              borderRadius: 8,
              '&.Mui-selected': {
                backgroundColor: 'rgba(13, 86, 115, 0.10)',
                color: theme.palette.primary.dark,
                '& .MuiListItemIcon-root': { color: theme.palette.primary.main },
              },
              '&.Mui-selected:hover': { backgroundColor: 'rgba(13, 86, 115, 0.16)' },
            }),
          },
        },
        MuiListItemIcon: { styleOverrides: { root: { minWidth: 36 } } },
        MuiTooltip: { defaultProps: { arrow: true } },
      },
    },
    language === 'en' ? enUS : deDE,
  );
}
