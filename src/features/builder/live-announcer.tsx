import { useEffect, useState } from 'react';

type Setter = (message: string) => void;
let current: Setter | null = null;

/** Tells screen-reader users what a builder command did (added, moved, copied, removed). */
export function announce(message: string): void {
  current?.(message);
}

/** The polite live region behind announce(); rendered once by the build page. */
export function LiveAnnouncer() {
  const [message, setMessage] = useState('');
  useEffect(() => {
    let flip = false;
    // The same sentence twice in a row must still be read: alternate an invisible trailing character.
    current = (next) => {
      flip = !flip;
      setMessage(flip ? next : `${next}\u00a0`);
    };
    return () => {
      current = null;
    };
  }, []);
  return (
    <div className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
      {message}
    </div>
  );
}
