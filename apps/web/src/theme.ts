import {
  Anchor,
  Badge,
  type CSSVariablesResolver,
  createTheme,
  DEFAULT_THEME,
  darken,
  luminance,
  type MantineColorsTuple,
} from '@mantine/core';

/**
 * PlasTrace green. Shades 7–9 are darker than Mantine's teal, so the primary shade (7) carries white text
 * and reads as link text at ≥ 4.5:1 (teal's 6 was 2.55:1: unreadable in sunlight at a weighbridge).
 */
const brand: MantineColorsTuple = [
  '#e6fcf5',
  '#c3fae8',
  '#96f2d7',
  '#63e6be',
  '#38d9a9',
  '#20c997',
  '#0ca678',
  '#087f5b',
  '#066b4c',
  '#055a40',
];

/** WCAG 2.x contrast ratio of two colours. */
export function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** AA asks 4.5:1 for body text; a little more leaves room for anti-aliasing on small type. */
const TEXT_CONTRAST = 4.8;

/** The colour, darkened just enough to be read as text on each background. */
export function readableOn(color: string, backgrounds: string[]): string {
  let c = color;
  for (let step = 0; step < 20 && backgrounds.some((bg) => contrast(c, bg) < TEXT_CONTRAST); step++)
    c = darken(c, 0.06);
  return c;
}

const colors = { ...DEFAULT_THEME.colors, brand };
const PAGE = ['#ffffff', DEFAULT_THEME.colors.gray[0]];

/**
 * Text in a colour (`c="red"`, the `light` and `outline` variants of badges and buttons) and dimmed text are darkened
 * until they pass AA on white, the light grey of striped rows and their own light background.
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': readableOn(DEFAULT_THEME.colors.gray[6], PAGE),
    ...Object.fromEntries(
      Object.entries(colors).flatMap(([name, shades]) => {
        const text = readableOn(shades[9], [...PAGE, shades[1]]);
        return [
          [`--mantine-color-${name}-text`, text],
          [`--mantine-color-${name}-light-color`, text],
          [`--mantine-color-${name}-outline`, text],
        ];
      }),
    ),
  },
  dark: {},
});

// System fonts only: the app must render with no internet and under font-src 'self'.
export const theme = createTheme({
  colors: { brand },
  primaryColor: 'brand',
  primaryShade: { light: 7, dark: 5 },
  // Filled buttons and badges take black or white text, whichever contrasts more: at luminance 0.179
  // both give the same ratio, so the choice is always the better one (≥ 4.58:1).
  autoContrast: true,
  luminanceThreshold: 0.179,
  headings: {
    // Data pages, not posters: a page title is 26 px, not 34 (h1) or 40.
    sizes: {
      h1: { fontSize: '1.625rem', lineHeight: '1.3' },
      h2: { fontSize: '1.25rem', lineHeight: '1.35' },
      h3: { fontSize: '1.0625rem', lineHeight: '1.4' },
    },
  },
  components: {
    // Badges hold short words (statuses, roles): never let a narrow table cell cut them to "AC…".
    Badge: Badge.extend({
      styles: { root: { flexShrink: 0, overflow: 'visible' }, label: { overflow: 'visible' } },
    }),
    // A link inside text must not rely on colour alone (WCAG 1.4.1).
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
    // The dialog's × has no text of its own: screen readers say "Close dialog". A plain object, not
    // Modal.extend: importing Modal here would put the dialog's code in the first visit's bundle.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    // Mantine keeps every select's list mounted (hidden) and positions it on mount, which forces a style
    // recalculation of the whole page in the commit (~90 ms on a phone for the one filter on a list page).
    // Closed lists are not needed in the page: they mount when opened.
    Combobox: { defaultProps: { keepMounted: false } },
  },
});
