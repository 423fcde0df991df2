/**
 * The builder's spec §8 messages, defined here only (the save and load thunks, the settings editor and the viewed-form
 * hook read them), so moving them to one codebase-wide home is a one-file change.
 */
export const FORM_MESSAGES = {
  loadFailed: 'Unable to load the selected form',
  createFailed: 'Unable to create form',
  updateFailed: 'Unable to update form',
  created: 'Form created successfully',
  updated: 'Form updated successfully',
  nameRequired: 'Form name is required',
} as const;
