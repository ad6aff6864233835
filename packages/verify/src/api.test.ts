import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as published from '@plastrace/verify';
import { describe, expect, it } from 'vitest';
import type * as Declared from '../index.js';
import * as code from './index.js';

// index.d.ts is written by hand beside JavaScript; these checks keep the two saying the same thing.
// At compile time (npm run typecheck): the code offers every declared export, each at least as
// capable as declared (parameters as wide, results as narrow).
const offered: typeof Declared = code;

const here = import.meta.dirname;

describe('the public API', () => {
  it('declares in index.d.ts exactly what src/index.js exports', () => {
    const declarations = readFileSync(join(here, '../index.d.ts'), 'utf8');
    const declared = [...declarations.matchAll(/^export declare (?:function|class|const) (\w+)/gm)].map(
      (m) => m[1],
    );
    expect(Object.keys(code).sort()).toEqual(declared.sort());
    expect(Object.keys(offered).sort()).toEqual(Object.keys(published).sort());
  });

  it('uses nothing a browser lacks', () => {
    const sources = readdirSync(here).filter((file) => file.endsWith('.js'));
    expect(sources.length).toBeGreaterThan(5);
    for (const file of sources) {
      const text = readFileSync(join(here, file), 'utf8');
      for (const nodeOnly of [/from 'node:/, /\brequire\(/, /\bprocess\./, /\bBuffer\b/, /\b__dirname\b/]) {
        expect(text, `${file} uses ${nodeOnly}`).not.toMatch(nodeOnly);
      }
    }
  });
});
