import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

/** The responses screens' client state; the responses themselves are server data in the api cache. */
export interface ResponseState {
  /** The response whose detail was opened last: the list marks its row when the user comes back. */
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
export const selectSelectedResponseId = (state: { response: ResponseState }) => state.response.selectedResponseId;
export const responseReducer = responseSlice.reducer;
