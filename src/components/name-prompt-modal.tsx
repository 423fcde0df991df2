import { useId, useState } from 'react';
import type { FormEvent, ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { BaseModal } from './base-modal';
import { LoadingButton } from './loading-button';
import { NameField } from './name-field';

/** What the caller's save reports back: nothing when done, or a message for the name field (server validation). */
export type NameSaveResult = { nameError: string } | void;

export interface NamePromptModalProps {
  /** Unique per use: the ids of the modal and its form derive from it. */
  id: string;
  show: boolean;
  title: string;
  subtitle?: string;
  submitLabel: string;
  initialName?: string;
  /** Said under the field when the name is empty. */
  requiredMessage: string;
  maxLength: number;
  /** Said under the field (an example of a good name). */
  help?: ReactNode;
  onHide: () => void;
  onSave: (name: string) => Promise<NameSaveResult>;
}

/**
 * Asks for a name (new form, rename, new prefill). Render it with a `key` per opening so every opening starts fresh.
 * Enter submits; the name is trimmed; an empty one gets `requiredMessage` under the field. While the save runs the
 * dialog stays open and refuses a second submit.
 */
export function NamePromptModal({
  id,
  show,
  title,
  subtitle,
  submitLabel,
  initialName = '',
  requiredMessage,
  maxLength,
  help,
  onHide,
  onSave,
}: NamePromptModalProps) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const fieldId = useId();
  const formId = `${id}-form`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const trimmed = name.trim();
    if (!trimmed) {
      setError(requiredMessage);
      return;
    }
    setSaving(true);
    let result: NameSaveResult;
    try {
      result = await onSave(trimmed);
    } finally {
      setSaving(false);
    }
    if (result) setError(result.nameError);
  };

  const hide = () => {
    if (!saving) onHide();
  };

  return (
    <BaseModal
      id={id}
      show={show}
      onHide={hide}
      size="sm"
      title={title}
      subtitle={subtitle}
      footer={
        <>
          <Button variant="outline-secondary" onClick={hide} disabled={saving}>
            Cancel
          </Button>
          <LoadingButton type="submit" form={formId} variant="primary" loading={saving}>
            {submitLabel}
          </LoadingButton>
        </>
      }
    >
      <Form id={formId} noValidate onSubmit={(event) => void submit(event)}>
        <NameField
          id={fieldId}
          value={name}
          error={error}
          maxLength={maxLength}
          help={help}
          // The dialog opens for this field only: put the caret in it.
          autoFocus
          onChange={setName}
          onClearError={() => setError('')}
        />
      </Form>
    </BaseModal>
  );
}
