import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { SessionBridge } from '../session/SessionBridge.tsx';
import type { AppStore } from '../store/store.ts';
import { AppRoutes } from './routes.tsx';
import { theme } from '../shared/theme.ts';

/** Store and theme around the routes; shared by the browser app and the server's first-screen render. */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
      </ThemeProvider>
    </Provider>
  );
}

export function App({ store }: { store: AppStore }) {
  return (
    <AppProviders store={store}>
      <BrowserRouter>
        <AppRoutes />
        <SessionBridge />
      </BrowserRouter>
    </AppProviders>
  );
}
