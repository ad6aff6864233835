import { randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';
import { COMMON_PASSWORDS } from './common-passwords.ts';

// scrypt N=2^15, r=8, p=1 (~32 MiB, ~100 ms here): RFC 7914 parameters above the OWASP floor.
const PARAMS = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } satisfies ScryptOptions;
const KEY_LEN = 32;

function derive(password: string, salt: Buffer, opts: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, KEY_LEN, opts, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, PARAMS);
  return `scrypt$${PARAMS.N}$${PARAMS.r}$${PARAMS.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: PARAMS.maxmem,
  });
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}

/** A hash to verify against when the account does not exist, so both paths take the same time. */
export const DUMMY_HASH = await hashPassword(randomBytes(16).toString('hex'));

/** Why a new password is refused, or undefined when it is acceptable. */
export function passwordProblem(password: string, email?: string): string | undefined {
  const lower = password.toLowerCase();
  if (COMMON_PASSWORDS.has(lower)) return 'This password is too common. Choose one that is harder to guess.';
  const local = email?.split('@')[0]?.toLowerCase();
  if (local && local.length >= 4 && lower.includes(local))
    return 'The password must not contain your email address.';
  if (/^(.)\1+$/.test(password)) return 'The password must not be one repeated character.';
  return undefined;
}
