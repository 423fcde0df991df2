import { useId, useRef, useState } from 'react';
import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import type { ButtonProps } from 'react-bootstrap/Button';
import Overlay from 'react-bootstrap/Overlay';
import Popover from 'react-bootstrap/Popover';

export interface ConfirmButtonProps {
  text?: string;
  confirmText?: string;
  cancelText?: string;
  onConfirm: () => void;
  variant?: ButtonProps['variant'];
  /** Question shown above the buttons. */
  prompt?: ReactNode;
  disabled?: boolean;
  size?: ButtonProps['size'];
}

const DEFAULT_CONFIRM_PROMPT = 'Are you sure?';

/** A button that asks before acting (spec §4): its popover is open or closed; confirming closes it and emits. */
export function ConfirmButton({
  text = 'Delete',
  confirmText = 'Yes',
  cancelText = 'Cancel',
  onConfirm,
  variant = 'outline-danger',
  prompt = DEFAULT_CONFIRM_PROMPT,
  disabled,
  size,
}: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  const target = useRef<HTMLButtonElement>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const popoverId = useId();
  const promptId = useId();

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) target.current?.focus();
  };

  return (
    <>
      <Button
        ref={target}
        variant={variant}
        size={size}
        disabled={disabled}
        aria-haspopup="dialog"
        aria-expanded={open}
        aria-controls={open ? popoverId : undefined}
        onClick={() => setOpen((value) => !value)}
      >
        {text}
      </Button>
      <Overlay
        target={target}
        show={open}
        placement="top"
        rootClose
        // Escape hands focus back to the trigger; an outside click leaves it where the user clicked.
        onHide={(event) => close(event.type.startsWith('key'))}
        // Start on the harmless choice, so a stray Enter does not confirm.
        onEntered={() => cancelRef.current?.focus()}
      >
        <Popover id={popoverId} role="dialog" aria-labelledby={promptId}>
          <Popover.Body>
            <p id={promptId} className="mb-2">
              {prompt}
            </p>
            <div className="d-flex justify-content-end gap-2">
              <Button ref={cancelRef} size="sm" variant="outline-secondary" onClick={() => close(true)}>
                {cancelText}
              </Button>
              <Button
                size="sm"
                variant="danger"
                onClick={() => {
                  close(true);
                  onConfirm();
                }}
              >
                {confirmText}
              </Button>
            </div>
          </Popover.Body>
        </Popover>
      </Overlay>
    </>
  );
}
