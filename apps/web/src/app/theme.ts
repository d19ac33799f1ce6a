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
        // Status chips fill with these under white text and outlined ones write in them: each
        // main reaches 4.5:1 against white and the page's grey (theme.test.ts computes it).
        error: { main: '#c62828', contrastText: '#ffffff' },
        warning: { main: '#9a5b00', contrastText: '#ffffff' },
        info: { main: '#0271a8', contrastText: '#ffffff' },
        success: { main: '#2e7d32', contrastText: '#ffffff' },
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
        // Form fields use the fill appearance.
        MuiTextField: { defaultProps: { variant: 'filled', fullWidth: true } },
        MuiFormControl: { defaultProps: { variant: 'filled' } },
        MuiButton: {
          defaultProps: { disableElevation: true },
          styleOverrides: {
            // Keyboard focus shows as a ring outside the button in its own colour (WCAG 2.4.7,
            // 3:1 against the surface around it): a filled button's ripple tint alone is not seen.
            root: ({ theme, ownerState }) => ({
              '&.Mui-focusVisible': {
                outline: '2px solid',
                outlineColor:
                  ownerState.color && ownerState.color !== 'inherit' ? theme.palette[ownerState.color].main : 'currentColor',
                outlineOffset: 2,
              },
            }),
          },
        },
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
