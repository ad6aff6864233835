import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { canonicalize, encodeCompactBundle } from '@plastrace/verify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makeLog, makeSigner, ORIGIN, type TestSigner } from '../src/test/log.ts';

const BIN = join(import.meta.dirname, 'plastrace-verify.mjs');
const ROOT = join(import.meta.dirname, '../../..');

let dir: string;
let log: TestSigner;
let bundlePath: string;
let tamperedPath: string;
let compactPath: string;
let compactBytes: Uint8Array;
let corruptedPath: string;
let keyPath: string;
let bundleText: string;
let id: string;

/** Runs a command to its end: its exit code and what it wrote. */
function run(command: string, args: string[], input: string | Uint8Array = '', cwd = ROOT) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: 'pipe' });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => {
      stdout += chunk;
    });
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(input);
  });
}

const verify = (args: string[], input: string | Uint8Array = '') =>
  run(process.execPath, [BIN, ...args], input);

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'plastrace-verify-'));
  log = await makeSigner();
  const tree = await makeLog(7, log);
  const bundle = await tree.bundleFor(3);
  id = bundle.entry.id;
  bundleText = JSON.stringify(bundle, null, 2);
  bundlePath = join(dir, 'bundle.json');
  writeFileSync(bundlePath, bundleText);
  tamperedPath = join(dir, 'tampered.json');
  writeFileSync(
    tamperedPath,
    JSON.stringify({ ...bundle, snapshot: { ...bundle.snapshot, supplier: 'Someone else' } }),
  );
  compactBytes = encodeCompactBundle(bundle);
  compactPath = join(dir, 'bundle.ptlb');
  writeFileSync(compactPath, compactBytes);
  // One bit of the last proof hash changed: the root it leads to is not the one signed.
  const corrupted = compactBytes.slice();
  const at = compactBytes.length - 2 - canonicalize(bundle.snapshot).length - 1;
  corrupted[at] = (corrupted[at] as number) ^ 1;
  corruptedPath = join(dir, 'corrupted.ptlb');
  writeFileSync(corruptedPath, corrupted);
  keyPath = join(dir, 'log.vkey');
  writeFileSync(keyPath, `${log.vkey}\n`);
});

afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

describe('plastrace-verify', () => {
  it('verifies a bundle, listing each check', async () => {
    const { code, stdout, stderr } = await verify([bundlePath, '--key', log.vkey]);
    expect(stderr).toBe('');
    const lines = stdout.trim().split('\n');
    expect(lines.slice(0, -1).map((line) => line.split(':')[0])).toEqual([
      '✓ format',
      '✓ snapshot',
      '✓ record',
      '✓ leaf',
      '✓ signature',
      '✓ size',
      '✓ inclusion',
    ]);
    expect(lines.at(-1)).toBe(`VERIFIED receive_record ${id} v2 at index 3 of 7 (${ORIGIN})`);
    expect(code).toBe(0);
  });

  it('reads the key from a file and the bundle from standard input', async () => {
    const { code, stdout } = await verify(['-', '--key-file', keyPath], bundleText);
    expect(stdout).toContain(`VERIFIED receive_record ${id} v2`);
    expect(code).toBe(0);
  });

  it('says why a bundle does not verify, and exits 1', async () => {
    const tampered = await verify([tamperedPath, '--key', log.vkey]);
    expect(tampered.stdout).toMatch(/^✓ format: .*\n✗ snapshot: the snapshot's SHA-256 is /);
    expect(tampered.stdout).toMatch(
      /\nNOT VERIFIED: the snapshot's SHA-256 is \S+ but the entry logged \S+: this is not the logged snapshot\n$/,
    );
    expect(tampered.code).toBe(1);

    const other = await makeSigner('other.example/log');
    const unsigned = await verify([bundlePath, '--key', other.vkey]);
    expect(unsigned.stdout).toContain(
      `✗ signature: the checkpoint is not signed by other.example/log (${other.keyId})`,
    );
    expect(unsigned.code).toBe(1);

    const garbage = await verify(['-', '--key', log.vkey], '{ not json');
    expect(garbage.stdout).toBe('✗ format: the bundle is not JSON\nNOT VERIFIED: the bundle is not JSON\n');
    expect(garbage.code).toBe(1);
  });

  it('verifies a compact bundle, from a file or standard input', async () => {
    const { code, stdout, stderr } = await verify([compactPath, '--key', log.vkey]);
    expect(stderr).toBe('');
    expect(stdout).toMatch(
      new RegExp(`^✓ format: plastrace-log-bundle/v1 in compact form \\(${compactBytes.length} bytes\\): `),
    );
    expect(stdout.trim().split('\n').at(-1)).toBe(
      `VERIFIED receive_record ${id} v2 at index 3 of 7 (${ORIGIN})`,
    );
    expect(code).toBe(0);
    const piped = await verify(['-', '--key', log.vkey], compactBytes);
    expect(piped.stdout).toContain(`VERIFIED receive_record ${id} v2`);
    expect(piped.code).toBe(0);
  });

  it('says why a corrupted compact bundle does not verify, and exits 1', async () => {
    const { code, stdout } = await verify([corruptedPath, '--key', log.vkey]);
    expect(stdout).toMatch(/\n✗ signature: the checkpoint has a signature by \S+ that does not verify/);
    expect(stdout).toMatch(/a change to any of them shows here\)\nNOT VERIFIED: /);
    expect(code).toBe(1);
    const cut = await verify(['-', '--key', log.vkey], 'PTLB\x01');
    expect(cut.stdout).toBe(
      '✗ format: the compact bundle is cut short in entry.organization\n' +
        'NOT VERIFIED: the compact bundle is cut short in entry.organization\n',
    );
    expect(cut.code).toBe(1);
  });

  it('exits 2 with the usage on a usage error', async () => {
    const cases: [string[], string][] = [
      [[], 'give one bundle file, or - for standard input'],
      [[bundlePath], 'give the verifier key: --key or --key-file'],
      [[bundlePath, '--key', log.vkey, '--key-file', keyPath], 'give the verifier key: --key or --key-file'],
      [[bundlePath, bundlePath, '--key', log.vkey], 'give one bundle file'],
      [[bundlePath, '--key', 'nonsense'], 'the verifier key: a verifier key reads <name>+<key ID>+<key>'],
      [[bundlePath, '--key-file', join(dir, 'missing.vkey')], 'the verifier key: ENOENT'],
      [[join(dir, 'missing.json'), '--key', log.vkey], `cannot read ${join(dir, 'missing.json')}: ENOENT`],
      [[bundlePath, '--key', log.vkey, '--verbose'], "Unknown option '--verbose'"],
    ];
    for (const [args, message] of cases) {
      const { code, stdout, stderr } = await verify(args);
      expect(stderr, args.join(' ')).toContain(`plastrace-verify: ${message}`);
      expect(stderr).toContain('Usage: plastrace-verify <bundle.json | bundle.ptlb | ->');
      expect(stdout).toBe('');
      expect(code).toBe(2);
    }
  });

  it('prints its usage on --help', async () => {
    const { code, stdout } = await verify(['--help']);
    expect(stdout).toContain('Exit status: 0 verified, 1 not verified, 2 usage error.');
    expect(code).toBe(0);
  });

  it('runs as `npx plastrace-verify` from the repository root, unbuilt', async () => {
    const { code, stdout } = await run('npx', [
      '--no-install',
      'plastrace-verify',
      bundlePath,
      '--key',
      log.vkey,
    ]);
    expect(stdout).toContain(`VERIFIED receive_record ${id} v2 at index 3 of 7`);
    expect(code).toBe(0);
  });
});
