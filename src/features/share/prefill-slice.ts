import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

/** The prefill screens' client state; prefills themselves are server data in the api cache. */
export interface PrefillState {
  /** The prefill whose editor is open. */
  selectedPrefillId: string | null;
}

export const initialPrefillState: PrefillState = { selectedPrefillId: null };

const prefillSlice = createSlice({
  name: 'prefill',
  initialState: initialPrefillState,
  reducers: {
    prefillSelected(state, action: PayloadAction<string | null>) {
      state.selectedPrefillId = action.payload;
    },
  },
});

export const { prefillSelected } = prefillSlice.actions;
export const prefillReducer = prefillSlice.reducer;
