/**
 * Hands bytes to the browser as a download: a Blob behind an object URL, clicked through a temporary <a download>.
 * The URL is revoked a little later rather than at once: some browsers read it after the click has returned.
 */
export const REVOKE_DELAY_MS = 10_000;

export function saveFile(data: BlobPart, filename: string, type: string): void {
  const url = URL.createObjectURL(new Blob([data], { type }));
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  link.hidden = true;
  document.body.append(link);
  try {
    link.click();
  } finally {
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), REVOKE_DELAY_MS);
  }
}
