import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { signInPath } from '../session/returnPath.ts';

export type Severity = 'success' | 'error';

export interface SnackbarState {
  open: boolean;
  message: string;
  severity: Severity;
  /** Bumps on every message so the same text twice restarts the 6 s timer. */
  key: number;
  /** For a message that needs a sign-in: the sign-in page's address (it leads back), shown as a link. */
  signIn: string | null;
}

const initialState: SnackbarState = { open: false, message: '', severity: 'success', key: 0, signIn: null };

/** The one global alert of the shell: green for success, red for error, 6 s. */
const snackbarSlice = createSlice({
  name: 'snackbar',
  initialState,
  reducers: {
    notify(state, action: PayloadAction<{ message: string; severity: Severity; signIn?: string }>) {
      state.open = true;
      state.message = action.payload.message;
      state.severity = action.payload.severity;
      state.signIn = action.payload.signIn ?? null;
      state.key += 1;
    },
    dismissed(state) {
      state.open = false;
    },
  },
});

export const { notify, dismissed } = snackbarSlice.actions;
export const notifySuccess = (message: string) => notify({ message, severity: 'success' });
export const notifyError = (message: string) => notify({ message, severity: 'error' });
/** A message that needs a sign-in ("Please login first"): red, with a link to sign in that returns to `returnTo`. */
export const notifySignInNeeded = (message: string, returnTo: string) => notify({ message, severity: 'error', signIn: signInPath(returnTo) });
export const snackbarReducer = snackbarSlice.reducer;
