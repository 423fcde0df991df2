import { useEffect, useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Overlay from 'react-bootstrap/Overlay';
import Popover from 'react-bootstrap/Popover';
import { CopyIcon, ICON_SIZE } from './icons';

/** Spec §9: how long the 'Copied!' popover stays up. */
export const COPIED_POPOVER_MS = 2000;
const COPY_FALLBACK_MESSAGE = 'Copy failed due to browser support';

export interface CopyButtonProps {
  value: string;
  label?: string;
}

/** The pre-Clipboard-API way: select a hidden textarea and ask the document to copy it. */
function legacyCopy(value: string): boolean {
  const textarea = document.createElement('textarea');
  textarea.value = value;
  textarea.setAttribute('readonly', '');
  textarea.style.position = 'fixed';
  textarea.style.opacity = '0';
  const previousFocus = document.activeElement;
  document.body.appendChild(textarea);
  textarea.select();
  try {
    return document.execCommand('copy');
  } catch {
    return false;
  } finally {
    textarea.remove();
    if (previousFocus instanceof HTMLElement) previousFocus.focus();
  }
}

async function copyText(value: string): Promise<boolean> {
  try {
    if (!navigator.clipboard?.writeText) throw new Error('Clipboard API unavailable');
    await navigator.clipboard.writeText(value);
    return true;
  } catch {
    // Insecure origins, old browsers and denied permissions all land here.
    console.warn(COPY_FALLBACK_MESSAGE);
    return legacyCopy(value);
  }
}

export function CopyButton({ value, label = 'Copy' }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  const target = useRef<HTMLButtonElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const popoverId = useId();

  useEffect(() => () => clearTimeout(timer.current), []);

  const onClick = async () => {
    const ok = await copyText(value);
    if (!ok) return;
    clearTimeout(timer.current);
    setCopied(true);
    timer.current = setTimeout(() => setCopied(false), COPIED_POPOVER_MS);
  };

  return (
    <>
      <Button
        ref={target}
        variant="outline-secondary"
        className="d-inline-flex align-items-center gap-2"
        aria-describedby={copied ? popoverId : undefined}
        onClick={() => void onClick()}
      >
        <CopyIcon size={ICON_SIZE.action} />
        {label}
      </Button>
      <Overlay target={target} show={copied} placement="top">
        {/* role="status" so the confirmation is announced as well as shown. */}
        <Popover id={popoverId} role="status" aria-live="polite">
          <Popover.Body className="py-1 px-2">Copied!</Popover.Body>
        </Popover>
      </Overlay>
    </>
  );
}
