import type { ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';
import './components.css';

/**
 * Spec §9: modals sit at z-index 1056, one above Bootstrap's own modal layer; 1040 is the reference base the
 * rest of the page stacks under (a third-party feedback badge sits just under 1039 while a modal shows).
 */
export const MODAL_Z_INDEX = 1056;
const DEFAULT_MODAL_ID = 'base-modal';

type BaseModalSize = 'sm' | 'md' | 'lg';

export interface BaseModalProps {
  id?: string;
  show: boolean;
  onHide: () => void;
  size: BaseModalSize;
  title: ReactNode;
  subtitle?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /** Text for the error area; nothing is shown while empty. */
  error?: ReactNode;
  /** When false the modal stays open on backdrop clicks and Escape, and has no close button. */
  backdropClose?: boolean;
}

export function BaseModal({
  id = DEFAULT_MODAL_ID,
  show,
  onHide,
  size,
  title,
  subtitle,
  children,
  footer,
  error,
  backdropClose = true,
}: BaseModalProps) {
  const titleId = `${id}-title`;
  const subtitleId = `${id}-subtitle`;
  return (
    <Modal
      id={id}
      show={show}
      onHide={onHide}
      size={size === 'md' ? undefined : size}
      centered
      backdrop={backdropClose ? true : 'static'}
      keyboard={backdropClose}
      style={{ zIndex: MODAL_Z_INDEX }}
      backdropClassName="base-modal-backdrop"
      aria-labelledby={titleId}
      aria-describedby={subtitle ? subtitleId : undefined}
    >
      <Modal.Header closeButton={backdropClose} closeLabel="Close" className="align-items-start border-0 pb-0">
        <div>
          {size === 'sm' ? (
            <h4 id={titleId} className="modal-title fw-bold">
              {title}
            </h4>
          ) : (
            <h1 id={titleId} className="modal-title">
              {title}
            </h1>
          )}
          {subtitle && (
            <p id={subtitleId} className="text-body-secondary mb-0 mt-1">
              {subtitle}
            </p>
          )}
        </div>
      </Modal.Header>
      <Modal.Body>
        {children}
        {error ? (
          <div role="alert" className="alert alert-danger mt-3 mb-0">
            {error}
          </div>
        ) : null}
      </Modal.Body>
      {footer && <Modal.Footer className="border-0 pt-0">{footer}</Modal.Footer>}
    </Modal>
  );
}
