import { createSlice } from '@reduxjs/toolkit';
import type { PayloadAction } from '@reduxjs/toolkit';

/**
 * The integration screens' client state (spec §4 "Integration stepper"): the step the stepper shows. Integration
 * data (the account's integrations, tokens, deliveries) is server data in the api cache.
 */
export interface IntegrationState {
  stepperStep: number;
}

export const initialIntegrationState: IntegrationState = { stepperStep: 0 };

const integrationSlice = createSlice({
  name: 'integration',
  initialState: initialIntegrationState,
  reducers: {
    stepperStepChanged(state, action: PayloadAction<number>) {
      state.stepperStep = Math.max(0, Math.trunc(action.payload));
    },
    /** Leaving an integration's stepper: the next one opens on its first step. */
    stepperLeft(state) {
      state.stepperStep = 0;
    },
  },
  selectors: {
    selectStepperStep: (state) => state.stepperStep,
  },
});

export const { stepperStepChanged, stepperLeft } = integrationSlice.actions;
export const { selectStepperStep } = integrationSlice.selectors;
export const integrationReducer = integrationSlice.reducer;
