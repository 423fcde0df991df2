import { FORM_MESSAGES } from '../../domain/messages';

/** Spec §8 (response and export errors) and the screen's own texts. */
export const RESPONSE_MESSAGES = {
  listFailed: 'Unable to load response list data',
  detailFailed: 'Unable to load the selected response detail data',
  spamFailed: 'Unable to change the spam status on this response at this time',
  pushFailed: 'An error occurred while pushing response data to integrations',
  formListFailed: FORM_MESSAGES.listFailed,
  noResponses: 'No responses yet',
  noMatches: 'No responses match these filters',
} as const;

/** Why the server marked a response as spam, in words. */
export const SPAM_REASON_TEXT: Readonly<Record<string, string>> = {
  honeypot: 'a field hidden from people was filled in, as bots do',
  'filled-too-fast': 'the form was sent faster than a person could fill it in',
};
