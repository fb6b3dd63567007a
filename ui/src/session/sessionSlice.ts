import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { clearSignIn, readLocation, readToken, readUser, storeLocation, storeSignIn, type SessionUser } from './storage.ts';

export interface SessionState {
  token: string | null;
  user: SessionUser | null;
  location: string;
}

/** Read once at load, then kept in the store and mirrored to localStorage. */
export function initialSession(): SessionState {
  const token = readToken();
  return { token, user: token ? readUser() : null, location: readLocation() };
}

const sessionSlice = createSlice({
  name: 'session',
  initialState: initialSession,
  reducers: {
    signedIn(state, action: PayloadAction<{ token: string; user: SessionUser }>) {
      storeSignIn(action.payload.token, action.payload.user);
      state.token = action.payload.token;
      state.user = action.payload.user;
    },
    signedOut(state) {
      clearSignIn();
      state.token = null;
      state.user = null;
    },
    locationChosen(state, action: PayloadAction<string>) {
      state.location = storeLocation(action.payload);
    },
  },
});

export const { signedIn, signedOut, locationChosen } = sessionSlice.actions;
export const sessionReducer = sessionSlice.reducer;
