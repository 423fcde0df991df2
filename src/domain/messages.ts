/**
 * Spec §8 texts that more than one place shows, each written once here: the SPA's toasts and pages and the server's
 * 400 details both import them (src/domain is the part of src/ the server may import). Tests keep the literal
 * strings, so a typo here fails them.
 */
export const FORM_MESSAGES = {
  loadFailed: 'Unable to load the selected form',
  listFailed: 'Unable to load form list',
  archivedListFailed: 'Unable to load archived form list',
  createFailed: 'Unable to create form',
  updateFailed: 'Unable to update form',
  archiveFailed: 'Unable to archive form',
  unarchiveFailed: 'Unable to unarchive form',
  nameRequired: 'Form name is required',
  exportFailed: 'Unable to download the selected Form Response CSV',
  created: 'Form created successfully',
  updated: 'Form updated successfully',
  archived: 'Form archived successfully',
  unarchived: 'Form unarchived successfully',
} as const;

/** Spec §8 gives prefill failures only as 'Failed to …'. */
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

export const USER_MESSAGES = {
  loginFailed: 'Unable to log in at this time',
  logoutFailed: 'Unable to log out at this time',
} as const;

