import { DEFAULT_THEME } from '@mantine/core';
import { theme } from '../../theme.ts';

const colors = DEFAULT_THEME.colors;
const brand = theme.colors?.brand;
if (!brand) throw new Error('theme.ts defines no brand colour');

/**
 * The series colours of every chart, in the order series take them. Each is a theme shade dark enough for
 * a bar, line or slice to stand out from the white page at 3:1 (WCAG 1.4.11, non-text contrast); the hues
 * alternate warm and cool, and a neutral grey closes the set for "other". A chart still labels its series
 * and has a table twin: colour is never the only way to tell them apart.
 */
export const CHART_COLORS = [
  { name: 'brand.7', hex: brand[7] },
  { name: 'orange.8', hex: colors.orange[8] },
  { name: 'blue.8', hex: colors.blue[8] },
  { name: 'pink.7', hex: colors.pink[7] },
  { name: 'lime.9', hex: colors.lime[9] },
  { name: 'violet.6', hex: colors.violet[6] },
  { name: 'cyan.8', hex: colors.cyan[8] },
  { name: 'gray.7', hex: colors.gray[7] },
] as const satisfies readonly { name: string; hex: string }[];

/** The chart palette as plain colours: `CHART_PALETTE[i % CHART_PALETTE.length]` for series i. */
export const CHART_PALETTE: readonly string[] = CHART_COLORS.map((c) => c.hex);

/** Series i's colour; past the eighth the palette starts again. */
export const chartColor = (i: number): string => CHART_PALETTE[i % CHART_PALETTE.length] as string;
