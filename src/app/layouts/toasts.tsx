import { useCallback, useState } from 'react';
import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';
import { selectToast, toastCleared } from '../app-slice';
import type { ToastState } from '../app-slice';
import { useAppDispatch, useAppSelector } from '../hooks';

/** Spec §9: the library's default toast auto-hide. */
export const TOAST_AUTOHIDE_MS = 5000;

/**
 * The app's single toast (spec §4): success or error, cleared on close, after 5 s, or on the next navigation
 * (router.tsx). It sits at the bottom centre, clear of every screen's primary actions (Save, Share, New form, Export
 * CSV sit in the top-right header bars) and above a sticky bottom action bar when the screen has one (styles.css).
 */
export function Toasts() {
  const dispatch = useAppDispatch();
  const toast = useAppSelector(selectToast);

  // Clearing resets title and message at once; keep the last shown content so the fade-out is not blank.
  const [shown, setShown] = useState<ToastState>(toast);
  if (toast.show && toast !== shown) setShown(toast);
  const content = toast.show ? toast : shown;

  const onClose = useCallback(() => dispatch(toastCleared()), [dispatch]);

  const isError = content.variant === 'danger';
  // react-bootstrap hard-codes role="alert"; a success message is polite news, not an interruption.
  const setLiveRole = useCallback(
    (element: HTMLDivElement | null) => {
      element?.setAttribute('role', isError ? 'alert' : 'status');
      element?.setAttribute('aria-live', isError ? 'assertive' : 'polite');
    },
    [isError],
  );

  return (
    <ToastContainer position="bottom-center" containerPosition="fixed" className="app-toasts p-3">
      <Toast
        // A new message restarts the auto-hide timer.
        key={`${content.variant}|${content.title}|${content.message}`}
        ref={setLiveRole}
        show={toast.show}
        onClose={onClose}
        autohide
        delay={TOAST_AUTOHIDE_MS}
        bg={content.variant || undefined}
        className={content.variant ? 'text-white' : undefined}
      >
        <Toast.Header closeLabel="Close notification">
          <strong className="me-auto">{content.title}</strong>
        </Toast.Header>
        {content.message && <Toast.Body>{content.message}</Toast.Body>}
      </Toast>
    </ToastContainer>
  );
}
