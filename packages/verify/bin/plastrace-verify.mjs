#!/usr/bin/env node
// plastrace-verify: checks a PlasTrace log bundle against the log's verifier key, offline. It imports
// the package's JavaScript source directly, so it runs straight after `npm ci`, with no build.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { isCompactBundle, parseVerifierKey, verifyBundle } from '../src/index.js';

const USAGE = `Usage: plastrace-verify <bundle.json | bundle.ptlb | -> (--key <verifier key> | --key-file <path>)

Checks a bundle answered by GET /api/log/records/{type}/{id} against the log's verifier key.
  <bundle.json>      the bundle as JSON
  <bundle.ptlb>      or in its compact binary form (it starts with PTLB, whatever the file name)
  -                  reads either from standard input
  --key <vkey>       the log's verifier key: <name>+<key ID>+<base64 key>
  --key-file <path>  a file holding the verifier key
Exit status: 0 verified, 1 not verified, 2 usage error.`;

/**
 * @param {string[]} argv
 * @returns {Promise<number>} the exit status
 */
async function main(argv) {
  let args;
  try {
    args = parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        key: { type: 'string' },
        'key-file': { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    return usage(messageOf(error));
  }
  if (args.values.help) {
    console.log(USAGE);
    return 0;
  }
  const [path, ...extra] = args.positionals;
  if (path === undefined || extra.length) return usage('give one bundle file, or - for standard input');
  const { key, 'key-file': keyFile } = args.values;
  if ((key === undefined) === (keyFile === undefined))
    return usage('give the verifier key: --key or --key-file');

  let vkey;
  try {
    const text = keyFile === undefined ? String(key) : readFileSync(keyFile, 'utf8');
    vkey = await parseVerifierKey(text.trim());
  } catch (error) {
    return usage(`the verifier key: ${messageOf(error)}`);
  }
  let bytes;
  try {
    bytes = readFileSync(path === '-' ? 0 : path);
  } catch (error) {
    return usage(`cannot read ${path}: ${messageOf(error)}`);
  }

  // A compact bundle is verified as bytes: a failure to decode it is its failed format check.
  /** @type {unknown} */
  let bundle = bytes;
  if (!isCompactBundle(bytes)) {
    try {
      bundle = JSON.parse(bytes.toString('utf8'));
    } catch {
      console.log('✗ format: the bundle is not JSON');
      console.log('NOT VERIFIED: the bundle is not JSON');
      return 1;
    }
  }
  const result = await verifyBundle(bundle, vkey);
  for (const check of result.checks) console.log(`${check.ok ? '✓' : '✗'} ${check.name}: ${check.detail}`);
  if (!result.ok || !result.entry) {
    console.log(`NOT VERIFIED: ${result.reason}`);
    return 1;
  }
  const { type, id, version } = result.entry;
  console.log(
    `VERIFIED ${type} ${id} v${version} at index ${result.index} of ${result.treeSize} (${result.origin})`,
  );
  return 0;
}

/** @param {string} problem */
function usage(problem) {
  console.error(`plastrace-verify: ${problem}\n\n${USAGE}`);
  return 2;
}

/** @param {unknown} error */
function messageOf(error) {
  return error instanceof Error ? error.message : String(error);
}

process.exitCode = await main(process.argv.slice(2));
