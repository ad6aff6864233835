import type { ErrorBody } from '@plastrace/shared';
import { sessionStore } from '../auth/sessionStore.ts';
import { authHeaders } from './authHeaders.ts';
import {
  buildUrl,
  type QueryValue,
  SESSION_EXPIRED_ERROR,
  SESSION_EXPIRED_NOTICE,
  toApiError,
} from './client.ts';
import { ApiError, NetworkError } from './errors.ts';

/**
 * A GET of a file (CSV export, QR image, photo) with the session's bearer token: the API client reads
 * JSON only, so this is a plain fetch; a GET needs no CSRF token. A 401 ends the session as the client
 * would; other failures carry the server's message.
 */
export async function fetchFile(url: string, signal?: AbortSignal): Promise<Response> {
  const { headers, token } = authHeaders();
  let response: Response;
  try {
    response = await fetch(url, {
      headers: { ...headers, Accept: '*/*' },
      credentials: 'same-origin',
      signal,
    });
  } catch (e) {
    if (signal?.aborted) throw e;
    throw new NetworkError();
  }
  if (response.ok) return response;
  const body = (await response.json().catch(() => null)) as Partial<ErrorBody> | null;
  if (response.status === 401 && token) {
    sessionStore.expire(token, SESSION_EXPIRED_NOTICE);
    throw new ApiError(SESSION_EXPIRED_ERROR, 401, body?.code);
  }
  throw toApiError(response.status, body);
}

/** Downloads a file under the server's name (or `fallbackName`). */
export async function downloadFile(
  path: string,
  query: Record<string, QueryValue>,
  fallbackName: string,
): Promise<void> {
  const response = await fetchFile(buildUrl(path, query));
  const blob = await response.blob();
  saveBlob(blob, fileNameOf(response.headers.get('content-disposition')) ?? fallbackName);
}

function fileNameOf(disposition: string | null): string | null {
  const match = disposition && /filename="?([^";]+)"?/i.exec(disposition);
  return match?.[1] ?? null;
}

/** Saves a blob made in the page (a proof bundle) as a file, as a download from the server would be. */
export function saveBlob(blob: Blob, name: string) {
  const href = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = href;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later: some browsers start reading the URL after click() has returned.
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
