import { useId, useState } from 'react';
import type { FormEvent } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { BaseModal } from '../../components/base-modal';
import { LoadingButton } from '../../components/loading-button';
import { PREFILL_MESSAGES, PREFILL_NAME_MAX_LENGTH } from './share-messages';

/** What the caller's create reports back: nothing when done, or a message for the name field (server validation). */
export type NewPrefillResult = { nameError: string } | void;

export interface NewPrefillModalProps {
  show: boolean;
  onHide: () => void;
  onCreate: (name: string) => Promise<NewPrefillResult>;
}

/** Asks for a new prefill's name. Render with a `key` per opening so every opening starts empty. */
export function NewPrefillModal({ show, onHide, onCreate }: NewPrefillModalProps) {
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [saving, setSaving] = useState(false);
  const fieldId = useId();
  const errorId = `${fieldId}-error`;
  const helpId = `${fieldId}-help`;
  const formId = 'new-prefill-form';

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving) return;
    const trimmed = name.trim();
    if (!trimmed) {
      setError(PREFILL_MESSAGES.nameRequired);
      return;
    }
    setSaving(true);
    let result: NewPrefillResult;
    try {
      result = await onCreate(trimmed);
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
      id="new-prefill"
      show={show}
      onHide={hide}
      size="sm"
      title="New prefill"
      subtitle="Name it after where the link will be used. You choose its values next."
      footer={
        <>
          <Button variant="outline-secondary" onClick={hide} disabled={saving}>
            Cancel
          </Button>
          <LoadingButton type="submit" form={formId} variant="primary" loading={saving}>
            Create
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
            autoFocus
            autoComplete="off"
            maxLength={PREFILL_NAME_MAX_LENGTH}
            required
            aria-required="true"
            isInvalid={error !== ''}
            aria-invalid={error !== '' || undefined}
            aria-describedby={[helpId, error ? errorId : ''].filter(Boolean).join(' ')}
            onChange={(event) => {
              setName(event.target.value);
              if (error) setError('');
            }}
          />
          <Form.Control.Feedback id={errorId} type="invalid">
            {error}
          </Form.Control.Feedback>
          <Form.Text id={helpId} muted>
            For example “Newsletter, family law” or “Referral from Smith &amp; Co”.
          </Form.Text>
        </Form.Group>
      </Form>
    </BaseModal>
  );
}
