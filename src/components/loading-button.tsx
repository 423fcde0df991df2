import Button from 'react-bootstrap/Button';
import type { ButtonProps } from 'react-bootstrap/Button';
import Spinner from 'react-bootstrap/Spinner';

export interface LoadingButtonProps extends ButtonProps {
  loading: boolean;
}

/** A button that shows 'Loading...' with a spinner and refuses clicks while its action runs (spec §4). */
export function LoadingButton({ loading, children, disabled, className, ...rest }: LoadingButtonProps) {
  return (
    <Button
      {...rest}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={['d-inline-flex align-items-center justify-content-center gap-2', className].filter(Boolean).join(' ')}
    >
      {loading ? (
        <>
          <Spinner as="span" animation="border" size="sm" aria-hidden="true" />
          <span>Loading...</span>
        </>
      ) : (
        children
      )}
    </Button>
  );
}
