import {
  Anchor,
  Badge,
  Box,
  Code,
  type MantineTheme,
  parseThemeColor,
  Stack,
  Table,
  Text,
  useMantineTheme,
} from '@mantine/core';
import { Link } from 'react-router';
import { CHART_COLORS } from '../../components/charts/palette.ts';
import { PageHeader } from '../../components/common/PageHeader.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { contrast } from '../../theme.ts';
import { Card } from './DebugSections.tsx';

const TITLE = 'Colours and gradients';
const WHITE = '#ffffff';
const BLACK = '#000000';

/** Text needs 4.5:1 (WCAG 1.4.3); a chart's marks 3:1 against what is around them (1.4.11). */
const TEXT_AA = 4.5;
const GRAPHIC_AA = 3;

const ratio = (n: number) => `${n.toFixed(2)}:1`;

/** /debug-gradients: the design system's colours with their contrast, for whoever builds the next page. */
export function ColoursPage() {
  usePageTitle(TITLE);
  return (
    <RequirePermission action="organization.read" title={TITLE}>
      <Stack gap="md">
        <PageHeader
          title={TITLE}
          description="The theme’s brand shades, the chart palette and the gradients, each with the contrast it gives text and marks."
          actions={
            <Anchor component={Link} to="/debug">
              Admin tools
            </Anchor>
          }
        />
        <BrandShades />
        <ChartPalette />
        <Gradients />
      </Stack>
    </RequirePermission>
  );
}

function Swatch({ background, label }: { background: string; label: string }) {
  return (
    <Box
      role="img"
      aria-label={label}
      w={48}
      h={28}
      style={{ background, borderRadius: 4, border: '1px solid var(--mantine-color-gray-4)' }}
    />
  );
}

function Pass({ value, needs }: { value: number; needs: number }) {
  const ok = value >= needs;
  return (
    <Text size="sm" component="span">
      {ratio(value)}{' '}
      <Badge size="sm" variant="light" color={ok ? 'green' : 'red'}>
        {ok ? 'passes' : 'fails'}
      </Badge>
    </Text>
  );
}

function BrandShades() {
  const theme = useMantineTheme();
  const primary = typeof theme.primaryShade === 'number' ? theme.primaryShade : theme.primaryShade.light;
  const brand = theme.colors.brand ?? [];
  return (
    <Card id="colours-brand" title="Brand green">
      <Text size="sm" c="dimmed" mb="sm">
        The primary colour is shade {primary}: buttons, links and the active sidebar item. Filled buttons and
        badges take whichever of white or black text contrasts more; text needs {TEXT_AA}:1.
      </Text>
      <Table.ScrollContainer minWidth={560}>
        <Table verticalSpacing="xs" aria-label="Brand shades">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Shade</Table.Th>
              <Table.Th>Colour</Table.Th>
              <Table.Th>White text</Table.Th>
              <Table.Th>Black text</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {brand.map((hex, shade) => (
              <Table.Tr key={hex}>
                <Table.Td>
                  brand.{shade}
                  {shade === primary && (
                    <Badge ml="xs" size="sm" variant="outline">
                      primary
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>
                  <Stack gap={4}>
                    <Swatch background={hex} label={`brand.${shade}`} />
                    <Code>{hex}</Code>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Pass value={contrast(hex, WHITE)} needs={TEXT_AA} />
                </Table.Td>
                <Table.Td>
                  <Pass value={contrast(hex, BLACK)} needs={TEXT_AA} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

function ChartPalette() {
  return (
    <Card id="colours-charts" title="Chart palette">
      <Text size="sm" c="dimmed" mb="sm">
        Series take these colours in this order (<Code>components/charts/palette.ts</Code>). Each stands out
        from the white page at {GRAPHIC_AA}:1 or more; a chart still names its series and has a table twin.
      </Text>
      <Table.ScrollContainer minWidth={480}>
        <Table verticalSpacing="xs" aria-label="Chart palette">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Series</Table.Th>
              <Table.Th>Theme colour</Table.Th>
              <Table.Th>Colour</Table.Th>
              <Table.Th>Against white</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {CHART_COLORS.map((c, i) => (
              <Table.Tr key={c.name}>
                <Table.Td>{i + 1}</Table.Td>
                <Table.Td>{c.name}</Table.Td>
                <Table.Td>
                  <Stack gap={4}>
                    <Swatch background={c.hex} label={c.name} />
                    <Code>{c.hex}</Code>
                  </Stack>
                </Table.Td>
                <Table.Td>
                  <Pass value={contrast(c.hex, WHITE)} needs={GRAPHIC_AA} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Card>
  );
}

/** The colour at one end of a gradient, as the theme resolves it (a name takes the primary shade). */
const endOf = (color: string, theme: MantineTheme) => parseThemeColor({ color, theme }).value;

function Gradients() {
  const theme = useMantineTheme();
  const g = theme.defaultGradient;
  const ends = [g.from, g.to].map((c) => ({ name: c, hex: endOf(c, theme) }));
  const readable = ends.every((e) => contrast(e.hex, WHITE) >= TEXT_AA);
  return (
    <Card id="colours-gradients" title="Gradients">
      <Text size="sm" mb="sm">
        No page draws a gradient: surfaces are flat, so every text’s contrast can be checked colour by colour.
        A button or badge with <Code>variant="gradient"</Code> would take the theme’s default, below, and its
        text would have to pass at both ends.{' '}
        {readable
          ? 'White text passes at both.'
          : 'White text fails on it: give the theme a darker default gradient before a page uses one.'}
      </Text>
      <Box
        role="img"
        aria-label={`Default gradient: ${g.from} to ${g.to} at ${g.deg ?? 0} degrees`}
        h={56}
        mb="sm"
        style={{
          borderRadius: 8,
          background: `linear-gradient(${g.deg ?? 0}deg, ${ends[0]?.hex} 0%, ${ends[1]?.hex} 100%)`,
        }}
      />
      <Table verticalSpacing="xs" aria-label="Gradient ends">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>End</Table.Th>
            <Table.Th>Colour</Table.Th>
            <Table.Th>White text</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {ends.map((e, i) => (
            <Table.Tr key={e.name}>
              <Table.Td>{i === 0 ? 'From' : 'To'}</Table.Td>
              <Table.Td>
                {e.name} <Code>{e.hex}</Code>
              </Table.Td>
              <Table.Td>
                <Pass value={contrast(e.hex, WHITE)} needs={TEXT_AA} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
