import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseCheckpoint, verifyCheckpoint } from '@plastrace/verify';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.ts';
import { generateSigner, loadSigner, parseSignerKey, SigningKeyError } from './signer.ts';

// The log's key: Go note formats, kept in DATA_DIR when not given, never echoed by a config error.

describe('the record log key', () => {
  it('signs checkpoints the verify package accepts, under the origin it is named after', async () => {
    const { signer, text } = generateSigner('plastrace.example.ph/log');
    expect(text).toMatch(/^PRIVATE\+KEY\+plastrace\.example\.ph\/log\+[0-9a-f]{8}\+/);
    expect(signer.vkey).toMatch(/^plastrace\.example\.ph\/log\+[0-9a-f]{8}\+/);
    const note = signer.checkpoint(3, new Uint8Array(32).fill(7));
    expect(parseCheckpoint(note)).toMatchObject({ origin: 'plastrace.example.ph/log', size: 3 });
    expect(await verifyCheckpoint(note, signer.vkey)).toMatchObject({ ok: true });
    expect(parseSignerKey(text).vkey).toBe(signer.vkey);
  });

  it('keeps a key in DATA_DIR, readable by its owner only, and reuses it', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'plastrace-log-key-'));
    const first = loadSigner({ dataDir, origin: 'localhost:3000/plastrace-log' });
    const file = join(dataDir, 'log-signing.key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(loadSigner({ dataDir, origin: 'ignored/once-made' }).vkey).toBe(first.vkey);
    // LOG_SIGNING_KEY wins over the file.
    const given = generateSigner('other/log');
    expect(loadSigner({ dataDir, origin: 'x', signingKey: given.text }).vkey).toBe(given.signer.vkey);
    expect(readFileSync(file, 'utf8')).toMatch(/^PRIVATE\+KEY\+localhost:3000\/plastrace-log\+/);
  });

  it('refuses a malformed or mismatched key, and never prints it', () => {
    const { text } = generateSigner('a/log');
    expect(() => parseSignerKey('nonsense')).toThrow(SigningKeyError);
    expect(() => parseSignerKey(text.replace(/\+[0-9a-f]{8}\+/, '+00000000+'))).toThrow(/does not match/);
    try {
      loadConfig({ LOG_SIGNING_KEY: `${text} trailing` });
      expect.unreachable();
    } catch (e) {
      expect(String(e)).toContain('LOG_SIGNING_KEY=(hidden)');
      // The key is all after the fourth '+' (base64 may hold '+' itself: its last fragment can be one letter).
      expect(String(e)).not.toContain(text.split('+').slice(4).join('+'));
    }
    expect(loadConfig({ PUBLIC_URL: 'https://recycler.example.ph' }).logOrigin).toBe(
      'recycler.example.ph/plastrace-log',
    );
    expect(loadConfig({ LOG_ORIGIN: 'log.example.ph/main' }).logOrigin).toBe('log.example.ph/main');
  });
});
