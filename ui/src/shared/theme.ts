import { createTheme } from '@mui/material/styles';

/**
 * Brand colours: deep indigo for the shop, saffron for offers, green/red for stock and alerts.
 * Every colour that carries text meets WCAG AA (4.5:1) on the page and card backgrounds; bright
 * saffron is for shapes and icons, `saffronStrong` for surfaces with white text.
 */
export const brand = {
  indigo: '#1f3c88',
  indigoDark: '#142a66',
  indigoLight: '#e8edfb',
  saffron: '#ff7a1a',
  saffronStrong: '#c2410c',
  saffronLight: '#fff2e6',
  green: '#007a45',
  red: '#c62828',
  ink: '#1d2433',
  muted: '#5f6778',
  line: '#e6e9f2',
  page: '#f5f7fb',
} as const;

/**
 * The storefront's MUI theme. The `md` breakpoint is the shop's 992 px mobile/wide split, so
 * `up('md')` is the wide-screen layout and `down('md')` the mobile one everywhere.
 */
export const theme = createTheme({
  breakpoints: { values: { xs: 0, sm: 576, md: 992, lg: 1200, xl: 1400 } },
  palette: {
    primary: { main: brand.indigo, dark: brand.indigoDark, light: '#3d5cb8', contrastText: '#fff' },
    secondary: { main: brand.saffronStrong, contrastText: '#fff' },
    success: { main: brand.green, contrastText: '#fff' },
    error: { main: brand.red, contrastText: '#fff' },
    text: { primary: brand.ink, secondary: brand.muted },
    divider: brand.line,
    background: { default: brand.page, paper: '#ffffff' },
  },
  shape: { borderRadius: 10 },
  typography: {
    fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
    h1: { fontSize: '1.9rem', fontWeight: 700 },
    h2: { fontSize: '1.45rem', fontWeight: 700 },
    h3: { fontSize: '1.2rem', fontWeight: 700 },
    h4: { fontSize: '1.05rem', fontWeight: 700 },
    button: { textTransform: 'none', fontWeight: 600 },
  },
  components: {
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: { root: { borderRadius: 999, paddingInline: 18 } },
    },
    MuiPaper: { styleOverrides: { rounded: { borderRadius: 12 } } },
    MuiTab: { styleOverrides: { root: { textTransform: 'none', fontWeight: 600, minHeight: 44 } } },
    MuiTabs: { styleOverrides: { root: { minHeight: 44 } } },
    MuiChip: { styleOverrides: { root: { fontWeight: 600 } } },
  },
});
