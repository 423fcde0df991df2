import { createSlice } from '@reduxjs/toolkit';

/**
 * The integration screens' client state (spec §4 "Integration stepper"): the step the stepper shows. Integration
 * data (accounts, field maps, tokens) will be server data in the api cache; the screens arrive with the
 * integrations issues, which add the reducers.
 */
export interface IntegrationState {
  stepperStep: number;
}

export const initialIntegrationState: IntegrationState = { stepperStep: 0 };

const integrationSlice = createSlice({
  name: 'integration',
  initialState: initialIntegrationState,
  reducers: {},
});

export const integrationReducer = integrationSlice.reducer;
