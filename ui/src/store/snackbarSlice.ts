import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type Severity = 'success' | 'error';

export interface SnackbarState {
  open: boolean;
  message: string;
  severity: Severity;
  /** Bumps on every message so the same text twice restarts the 6 s timer. */
  key: number;
}

const initialState: SnackbarState = { open: false, message: '', severity: 'success', key: 0 };

/** The one global alert of the shell: green for success, red for error, 6 s. */
const snackbarSlice = createSlice({
  name: 'snackbar',
  initialState,
  reducers: {
    notify(state, action: PayloadAction<{ message: string; severity: Severity }>) {
      state.open = true;
      state.message = action.payload.message;
      state.severity = action.payload.severity;
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
export const snackbarReducer = snackbarSlice.reducer;
