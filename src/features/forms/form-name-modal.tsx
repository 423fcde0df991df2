import { NamePromptModal } from '../../components/name-prompt-modal';
import type { NamePromptModalProps, NameSaveResult } from '../../components/name-prompt-modal';
import { FORM_LIMITS } from '../../domain/form-document';
import { FORM_MESSAGES } from '../../domain/messages';

const FORM_NAME_REQUIRED = FORM_MESSAGES.nameRequired;

/** What the caller's save reports back: nothing when done, or a message for the name field (server validation). */
export type FormNameSaveResult = NameSaveResult;

export type FormNameModalProps = Omit<NamePromptModalProps, 'requiredMessage' | 'maxLength' | 'help'>;

/**
 * Asks for a form's name (new form, rename). Render it with a `key` per opening so every opening starts fresh.
 * Enter submits; the name is trimmed; an empty one gets 'Form name is required' under the field.
 */
export function FormNameModal(props: FormNameModalProps) {
  return <NamePromptModal {...props} requiredMessage={FORM_NAME_REQUIRED} maxLength={FORM_LIMITS.nameLength} />;
}
