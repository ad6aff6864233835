import { DEFAULT_THEME } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { contrast, cssVariablesResolver, theme } from './theme.ts';

describe('theme', () => {
  it('writes every coloured and dimmed text at 4.5:1 or more on white and on striped rows', () => {
    const vars = cssVariablesResolver({ ...DEFAULT_THEME, ...theme } as never).light as Record<
      string,
      string
    >;
    const text = Object.entries(vars).filter(([k]) => /-(text|light-color|outline)$|dimmed$/.test(k));
    expect(text.length).toBeGreaterThan(30);
    for (const [name, color] of text) {
      for (const bg of ['#ffffff', DEFAULT_THEME.colors.gray[0]])
        expect(contrast(color, bg), `${name} ${color} on ${bg}`).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('puts white text on the primary colour, and links in it, at 4.5:1 or more', () => {
    const primary = theme.colors?.brand?.[7] ?? '';
    expect(contrast(primary, '#ffffff')).toBeGreaterThanOrEqual(4.5);
  });
});
