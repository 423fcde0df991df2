import Spinner from 'react-bootstrap/Spinner';

/** The one loading state of a page or a screen region: a calm spinner with a spoken label. */
export function PageSpinner({ label = 'Loading…', fullPage = false }: { label?: string; fullPage?: boolean }) {
  return (
    <div
      className={`page-spinner d-flex flex-column align-items-center justify-content-center gap-3 text-body-secondary${fullPage ? ' page-spinner-full' : ''}`}
      role="status"
      aria-live="polite"
    >
      <Spinner animation="border" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}
