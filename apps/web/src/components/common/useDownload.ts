import { useState } from 'react';
import { downloadFile } from '../../api/download.ts';

type Query = Parameters<typeof downloadFile>[1];

/**
 * A file download (CSV export, label sheet) with its own busy flag and error: `pending` names the
 * download under way, so each button shows its own spinner.
 */
export function useDownload() {
  const [pending, setPending] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  async function download(key: string, path: string, query: Query, fallbackName: string) {
    setPending(key);
    setError(null);
    try {
      await downloadFile(path, query, fallbackName);
    } catch (e) {
      setError(e);
    } finally {
      setPending(null);
    }
  }
  return { pending, error, clearError: () => setError(null), download };
}
