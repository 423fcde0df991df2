/**
 * Plain constants of the form document, in a module without zod so the respondent page can import them without
 * pulling the schemas into its bundle.
 */

/** Shown after a submission when the form has no custom submit message (server response and preview alike). */
export const DEFAULT_SUBMIT_MESSAGE = 'Thank you. Your response has been received.';
