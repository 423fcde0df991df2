import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { BaseModal } from '../../components/base-modal';
import { LoadingButton } from '../../components/loading-button';
import { FORM_LIMITS } from '../../domain/form-document';

export const FORM_NAME_REQUIRED = 'Form name is required';

/** What the caller's save reports back: nothing when done, or a message for the name field (server validation). */
export type FormNameSaveResult = { nameError: string } | void;

export interface FormNameModalProps {
  /** Unique per use: ids of the modal, its form and its field derive from it. */
  id: string;
  show: boolean;
  title: string;
  subtitle?: string;
  submitLabel: string;
  initialName?: string;
  onHide: () => void;
  onSave: (name: string) => Promise<FormNameSaveResult>;
}

/**
 * Asks for a form's name (new form, rename). Render it with a `key` per opening so every opening starts fresh.
 * Enter submits; the name is trimmed; an empty one gets 'Form name is required' under the field.
 */
export function FormNameModal({ id, show, title, subtitle, submitLabel, initialName = '', onHide, onSave }: FormNameModalProps) {
  const [name, setName] = useState(initialName);
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const fieldId = useId();
  const errorId = `${fieldId}-error`;
  const formId = `${id}-form`;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const trimmed = name.trim();
    if (!trimmed) {
      setError(FORM_NAME_REQUIRED);
      return;
    }
    setSaving(true);
    let result: FormNameSaveResult;
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
        <Form.Group controlId={fieldId}>
          <Form.Label>Name</Form.Label>
          <Form.Control
            type="text"
            value={name}
            // The dialog opens for this field only: put the caret in it.
            autoFocus
            autoComplete="off"
            maxLength={FORM_LIMITS.nameLength}
            required
            aria-required="true"
            isInvalid={error !== ''}
            aria-invalid={error !== '' || undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setName(event.target.value);
              if (error) setError('');
            }}
          />
          <Form.Control.Feedback id={errorId} type="invalid">
            {error}
          </Form.Control.Feedback>
        </Form.Group>
      </Form>
    </BaseModal>
  );
}
