import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface UiState {
  /** The listing's filter drawer below 992 px, opened from the bottom bar. */
  filtersOpen: boolean;
  /** The search row on small screens, opened from the bottom bar. */
  mobileSearchOpen: boolean;
  /** Product id shown in the quick-view dialog, if any. */
  quickViewId: string | null;
}

const initialState: UiState = { filtersOpen: false, mobileSearchOpen: false, quickViewId: null };

const uiSlice = createSlice({
  name: 'ui',
  initialState,
  reducers: {
    filtersToggled(state, action: PayloadAction<boolean | undefined>) {
      state.filtersOpen = action.payload ?? !state.filtersOpen;
    },
    mobileSearchToggled(state, action: PayloadAction<boolean | undefined>) {
      state.mobileSearchOpen = action.payload ?? !state.mobileSearchOpen;
    },
    quickViewOpened(state, action: PayloadAction<string>) {
      state.quickViewId = action.payload;
    },
    quickViewClosed(state) {
      state.quickViewId = null;
    },
  },
});

export const { filtersToggled, mobileSearchToggled, quickViewOpened, quickViewClosed } = uiSlice.actions;
export const uiReducer = uiSlice.reducer;
