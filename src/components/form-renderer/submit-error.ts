import type { AnswerErrors } from '../../domain/answers';

/**
 * Reject `onSubmit` with this to say why sending failed: `message` replaces the generic failure text, and
 * `fieldErrors` (keyed by input id, e.g. the server's 400 `errors`) are shown under their inputs like the form's own.
 */
export class SubmitError extends Error {
  readonly fieldErrors: AnswerErrors;

  constructor(message: string, fieldErrors: AnswerErrors = {}) {
    super(message);
    this.name = 'SubmitError';
    this.fieldErrors = fieldErrors;
  }
}
