import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits, URL-safe: session tokens and one-time links. */
export const newToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are stored only as their SHA-256: a leaked table gives no usable token. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
