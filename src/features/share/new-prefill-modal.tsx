import { NamePromptModal } from '../../components/name-prompt-modal';
import type { NameSaveResult } from '../../components/name-prompt-modal';
import { PREFILL_MESSAGES } from '../../domain/messages';
import { PREFILL_NAME_MAX_LENGTH } from './share-messages';

/** What the caller's create reports back: nothing when done, or a message for the name field (server validation). */
export type NewPrefillResult = NameSaveResult;

export interface NewPrefillModalProps {
  show: boolean;
  onHide: () => void;
  onCreate: (name: string) => Promise<NewPrefillResult>;
}

/** Asks for a new prefill's name. Render with a `key` per opening so every opening starts empty. */
export function NewPrefillModal({ show, onHide, onCreate }: NewPrefillModalProps) {
  return (
    <NamePromptModal
      id="new-prefill"
      show={show}
      title="New prefill"
      subtitle="Name it after where the link will be used. You choose its values next."
      submitLabel="Create"
      requiredMessage={PREFILL_MESSAGES.nameRequired}
      maxLength={PREFILL_NAME_MAX_LENGTH}
      help={<>For example “Newsletter, family law” or “Referral from Smith &amp; Co”.</>}
      onHide={onHide}
      onSave={onCreate}
    />
  );
}
