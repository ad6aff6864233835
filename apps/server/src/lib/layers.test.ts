import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const dir = new URL('./', import.meta.url);
const sources = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));

describe('lib/', () => {
  it('holds pure helpers: none imports a module or a plugin (types of context.ts aside)', () => {
    const offending = sources.flatMap((file) =>
      [...readFileSync(new URL(file, dir), 'utf8').matchAll(/from '(\.\.\/[^']+)'/g)]
        .map((m) => m[1] ?? '')
        .filter((path) => /^\.\.\/(modules|plugins|seed)\//.test(path))
        .map((path) => `${file} imports ${path}`),
    );
    expect(sources.length).toBeGreaterThan(5);
    expect(offending).toEqual([]);
  });
});
