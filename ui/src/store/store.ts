import { configureStore } from '@reduxjs/toolkit';
import { setupListeners } from '@reduxjs/toolkit/query';
import { useDispatch, useSelector } from 'react-redux';
import { shopApi } from '../api/shopApi.ts';
import { initialSession, sessionReducer, type SessionState } from '../session/sessionSlice.ts';
import { snackbarReducer } from './snackbarSlice.ts';
import { uiReducer } from './uiSlice.ts';

export function createStore(preloaded?: { session?: SessionState }) {
  const store = configureStore({
    reducer: {
      [shopApi.reducerPath]: shopApi.reducer,
      session: sessionReducer,
      snackbar: snackbarReducer,
      ui: uiReducer,
    },
    preloadedState: preloaded?.session ? { session: preloaded.session } : { session: initialSession() },
    middleware: (getDefault) => getDefault().concat(shopApi.middleware),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
