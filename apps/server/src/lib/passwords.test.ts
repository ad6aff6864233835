import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from './common-passwords.ts';
import { hashPassword, passwordProblem, verifyPassword } from './passwords.ts';

describe('passwords', () => {
  it('refuses passwords from the common list, in any case, including local ones', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(15_000);
    for (const p of ['password1', 'IloveYou2', 'qwertyuiop', 'mahalkita', 'Plastrace'])
      expect(passwordProblem(p), p).toMatch(/too common/);
  });

  it('accepts an uncommon one, but not one holding the email or one repeated character', () => {
    expect(passwordProblem('Bote-at-plastik-42', 'liza@example.ph')).toBeUndefined();
    expect(passwordProblem('liza.soberano.99', 'liza.soberano@example.ph')).toMatch(/email/);
    expect(passwordProblem('zzzzzzzzzz')).toBeDefined();
  });

  it('verifies what it hashed, and nothing else', async () => {
    const hash = await hashPassword('Bote-at-plastik-42');
    expect(await verifyPassword('Bote-at-plastik-42', hash)).toBe(true);
    expect(await verifyPassword('Bote-at-plastik-43', hash)).toBe(false);
  });
});
