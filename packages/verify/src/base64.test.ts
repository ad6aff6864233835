import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fromBase64, toBase64 } from './base64.js';

describe('base64', () => {
  it('agrees with Node on every length up to 100', () => {
    for (let n = 0; n <= 100; n++) {
      const bytes = new Uint8Array(randomBytes(n));
      const text = Buffer.from(bytes).toString('base64');
      expect(toBase64(bytes)).toBe(text);
      expect(fromBase64(text)).toEqual(bytes);
    }
  });

  it('refuses anything but canonical standard base64 with padding', () => {
    for (const bad of [
      'A',
      'AA',
      'AAA',
      'AA=A',
      '=AAA',
      'AAAA====',
      'A===',
      'AA-_',
      'AA A',
      'AAAA\n',
      'AB==',
      'AAB=',
    ]) {
      expect(() => fromBase64(bad), bad).toThrow(/base64/);
    }
    expect(() => fromBase64(42 as unknown as string)).toThrow('not base64');
    expect(fromBase64('')).toEqual(new Uint8Array(0));
    expect(fromBase64('AA==')).toEqual(new Uint8Array([0]));
  });
});
