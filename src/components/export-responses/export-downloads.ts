import { useCallback, useSyncExternalStore } from 'react';
import { exportFormResponses } from '../../api/form-responses';
import type { ExportDays } from '../../api/form-responses';
import { FORM_MESSAGES } from '../../domain/messages';
import { saveFile } from './save-file';


export interface ExportProgress {
  days: ExportDays | null;
  /** Bytes received so far; the server streams the CSV, so there is no total. */
  loadedBytes: number;
}

/**
 * Downloads under way, kept outside React: a download outlives the dialog that started it (the user may close it, or
 * leave the screen), and reopening the dialog for the same form shows it still running.
 */
let downloads: ReadonlyMap<string, ExportProgress> = new Map();
const listeners = new Set<() => void>();

const keyOf = (accountId: number, formId: string) => `${accountId}/${formId}`;

function update(key: string, progress: ExportProgress | null): void {
  const next = new Map(downloads);
  if (progress) next.set(key, progress);
  else next.delete(key);
  downloads = next;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The running download of a form's responses, or null. */
export function useExportProgress(accountId: number, formId: string | null): ExportProgress | null {
  const read = useCallback(() => (formId === null ? null : (downloads.get(keyOf(accountId, formId)) ?? null)), [accountId, formId]);
  return useSyncExternalStore(subscribe, read, read);
}

export interface ExportRequest {
  accountId: number;
  formId: string;
  days: ExportDays | null;
  /** Shows the spec §8 failure message (the app's error toast). */
  onFailed: (message: string) => void;
}

/**
 * Fetches the CSV and saves it under the server's file name. Resolves true once saved; a failure shows the spec §8
 * toast and resolves false. A second request for a form whose download is running waits for nothing and says false.
 */
export async function startResponseExport({ accountId, formId, days, onFailed }: ExportRequest): Promise<boolean> {
  const key = keyOf(accountId, formId);
  if (downloads.has(key)) return false;
  update(key, { days, loadedBytes: 0 });
  try {
    const file = await exportFormResponses(accountId, formId, days, {
      onProgress: (loadedBytes) => {
        if (downloads.has(key)) update(key, { days, loadedBytes });
      },
    });
    saveFile(file.data, file.filename, file.contentType);
    return true;
  } catch {
    onFailed(FORM_MESSAGES.exportFailed);
    return false;
  } finally {
    update(key, null);
  }
}

/** "1.4 MB" for progress text. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}
