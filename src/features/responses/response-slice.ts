import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

/** The responses screens' client state; the responses themselves are server data in the api cache. */
export interface ResponseState {
  /** The response whose detail is open (the list highlights and returns to it). */
  selectedResponseId: string | null;
}

export const initialResponseState: ResponseState = { selectedResponseId: null };

const responseSlice = createSlice({
  name: 'response',
  initialState: initialResponseState,
  reducers: {
    responseSelected(state, action: PayloadAction<string | null>) {
      state.selectedResponseId = action.payload;
    },
  },
});

export const { responseSelected } = responseSlice.actions;
export const responseReducer = responseSlice.reducer;
