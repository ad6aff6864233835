import {
  ActionIcon,
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { formatGrams } from '@plastrace/shared';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ComponentOption } from './api.ts';
import { emptyLine, type VersionValues } from './versionForm.ts';

/** The component lines of a BOM version: which part, how many per unit of product. */
export function VersionLines<V extends Record<string, unknown>>({
  form,
  prefix,
  lines,
  components,
}: {
  form: UseFormReturnType<V>;
  /** Where the lines sit in the form's values: '' or 'first_version.'. */
  prefix: string;
  lines: VersionValues['lines'];
  components: ComponentOption[];
}) {
  // The paths are built at run time; the form's own types cannot follow them.
  const path = (p: string) => `${prefix}${p}` as never;
  const listError = form.errors[`${prefix}lines`];
  return (
    <Stack gap="xs">
      {listError && (
        <Text c="red" size="sm" role="alert">
          {listError}
        </Text>
      )}
      {lines.map((l, i) => (
        <Paper
          key={l.key}
          withBorder
          p="xs"
          radius="md"
          component="fieldset"
          aria-label={`Component ${i + 1}`}
          m={0}
        >
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="xs">
            <NativeSelect
              label={`Component ${i + 1}`}
              style={{ gridColumn: 'span 2' }}
              data={[
                { value: '', label: 'Choose…' },
                ...components.map((c) => ({
                  value: c.id,
                  label: `${c.name} (${c.code}) · ${c.polymer} · ${formatGrams(c.massG)}`,
                })),
              ]}
              {...form.getInputProps(path(`lines.${i}.component_id`))}
            />
            <Group gap={4} align="flex-end" wrap="nowrap">
              <TextInput
                style={{ flex: 1 }}
                label="Per unit"
                inputMode="decimal"
                {...form.getInputProps(path(`lines.${i}.quantity`))}
              />
              {lines.length > 1 && (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  size="input-sm"
                  aria-label={`Remove component ${i + 1}`}
                  onClick={() => form.removeListItem(path('lines'), i)}
                >
                  <IconTrash size={18} aria-hidden />
                </ActionIcon>
              )}
            </Group>
          </SimpleGrid>
        </Paper>
      ))}
      <Group>
        <Button
          variant="default"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => form.insertListItem(path('lines'), emptyLine() as never)}
        >
          Add component
        </Button>
      </Group>
    </Stack>
  );
}
