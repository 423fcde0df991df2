import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

/** The prefill screens' client state; prefills themselves are server data in the api cache. */
export interface PrefillState {
  /** The prefill whose editor was opened last: the prefill list marks its row when the user comes back. */
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
export const selectSelectedPrefillId = (state: { prefill: PrefillState }) => state.prefill.selectedPrefillId;
export const prefillReducer = prefillSlice.reducer;
