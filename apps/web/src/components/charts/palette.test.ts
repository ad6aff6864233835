import { describe, expect, it } from 'vitest';
import { contrast } from '../../theme.ts';
import { CHART_COLORS, CHART_PALETTE, chartColor } from './palette.ts';

describe('the chart palette', () => {
  it('has eight distinct theme colours, each at 3:1 or more against white', () => {
    expect(CHART_PALETTE).toHaveLength(8);
    expect(new Set(CHART_PALETTE).size).toBe(8);
    for (const { name, hex } of CHART_COLORS) {
      expect(hex, name).toMatch(/^#[0-9a-f]{6}$/i);
      expect(contrast(hex, '#ffffff'), `${name} ${hex}`).toBeGreaterThanOrEqual(3);
    }
  });

  it('starts with the brand green and starts again after the eighth series', () => {
    expect(chartColor(0)).toBe('#087f5b');
    expect(chartColor(8)).toBe(chartColor(0));
    expect(chartColor(11)).toBe(CHART_PALETTE[3]);
  });
});
