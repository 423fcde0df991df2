/** Toast and field messages of the share screens. Spec §8: prefill failures read 'Failed to …'. */
export const SHARE_MESSAGES = {
  loadFormFailed: 'Unable to load the selected form',
} as const;

export const PREFILL_MESSAGES = {
  fetchFailed: 'Failed to fetch prefills',
  createFailed: 'Failed to create prefill',
  updateFailed: 'Failed to update prefill',
  deleteFailed: 'Failed to delete prefill',
  nameRequired: 'Prefill name is required',
  created: 'Prefill created successfully',
  updated: 'Prefill updated successfully',
  deleted: 'Prefill deleted successfully',
} as const;

/** The same limit the server applies to a prefill's name. */
export const PREFILL_NAME_MAX_LENGTH = 200;

/** Back links between the share screens. */
export const BACK_LABELS = {
  builder: 'Back to Form Builder',
  share: 'Back to Share',
  embed: 'Back to Embed',
  prefills: 'Back to Prefills',
} as const;
