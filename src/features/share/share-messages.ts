import { FORM_MESSAGES } from '../../domain/messages';

/** Toast messages of the share screens (the prefill ones are PREFILL_MESSAGES in src/domain/messages.ts). */
export const SHARE_MESSAGES = {
  loadFormFailed: FORM_MESSAGES.loadFailed,
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
