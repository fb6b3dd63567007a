import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router';
import { SessionBridge } from '../auth/SessionBridge.tsx';
import type { AppStore } from '../store/store.ts';
import { AppRoutes } from './routes.tsx';
import { theme } from './theme.ts';

export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        <BrowserRouter>
          <AppRoutes />
          <SessionBridge />
        </BrowserRouter>
      </ThemeProvider>
    </Provider>
  );
}
