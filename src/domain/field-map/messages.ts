/**
 * Spec §8 field-map texts, verbatim: the form's deleted-input message ends with a period, the integration's two do
 * not (spec and INTEGRATIONS.md agree on that). The last three are ours (docs/decisions.md): the spec names type
 * compatibility but gives it no message.
 */
export const FIELD_MAP_MESSAGES = {
  selectField: 'Please select a field',
  mustBeRequired: 'This field must be marked as Required on the published form',
  inputDeleted: 'Field no longer exists on this form. Select a new field and save.',
  foreignDeleted: 'Field no longer exists on this integration. Select a new field and save',
  requiredForeignDeleted: 'Required field no longer exists on this integration, contact support',
  saveFailed: 'Unable to save Field Map at this time',
  importFailed: 'An error occurred during Field Map import',
  integrationDataFailed: 'An error occurred while loading Field Map integration data',
  unnamedField: 'Unnamed Field',
  incompatibleType: (inputType: string) => `This field cannot take answers of type ${inputType}`,
  checkboxNeedsOneOption: 'Only a Checkbox input with a single option can fill a checkbox field',
  missingPicklistOptions: (texts: readonly string[]) => `This picklist has no option for: ${texts.join(', ')}`,
  duplicateForeign: 'This field is already mapped in another row',
} as const;
