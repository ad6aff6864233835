import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { sessionStore } from '../auth/sessionStore.ts';
import { apiError, fakeApi, storeSession } from '../test/fakeApi.ts';
import { ApiError } from './client.ts';
import { downloadFile } from './download.ts';

describe('downloadFile', () => {
  const saved: { name: string; href: string }[] = [];
  beforeEach(() => {
    saved.length = 0;
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => {} }));
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ name: this.download, href: this.href });
    });
    storeSession('token-abc');
    sessionStore.restore();
  });
  afterEach(() => {
    vi.restoreAllMocks();
    sessionStore.reset();
  });

  it('saves the file under the server’s name, sending the bearer token and snake_case query', async () => {
    const server = fakeApi({
      'GET /api/lots/export.csv': () =>
        new Response('code\r\n', { headers: { 'content-disposition': 'attachment; filename="lots.csv"' } }),
    });

    await downloadFile('/lots/export.csv', { facilityId: 'f1', q: '' }, 'fallback.csv');

    const [request] = server.calls('GET', '/api/lots/export.csv');
    expect(request?.url).toContain('facility_id=f1');
    expect(request?.url).not.toContain('q=');
    expect(request?.headers.authorization).toBe('Bearer token-abc');
    expect(saved).toEqual([{ name: 'lots.csv', href: 'blob:x' }]);
  });

  it('carries the server’s message on failure, and a 401 ends the session', async () => {
    fakeApi({ 'GET /api/lots/export.csv': apiError(404, 'not_found', 'Lot not found') });
    await expect(downloadFile('/lots/export.csv', {}, 'x.csv')).rejects.toThrow('Lot not found');

    fakeApi({ 'GET /api/lots/export.csv': apiError(401, 'unauthorized', 'Session expired.') });
    await expect(downloadFile('/lots/export.csv', {}, 'x.csv')).rejects.toBeInstanceOf(ApiError);
    expect(sessionStore.getSnapshot().status).toBe('anonymous');
    expect(saved).toEqual([]);
  });
});
