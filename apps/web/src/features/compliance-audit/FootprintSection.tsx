import { Button, Group, Modal, NativeSelect, Stack, Text, Textarea, TextInput } from '@mantine/core';
import {
  FOOTPRINT_SOURCE_LABELS,
  footprintInputSchema,
  formatCount,
  formatKg,
  PACKAGING_CATEGORIES,
  PACKAGING_CATEGORY_LABELS,
} from '@plastrace/shared';
import { IconCalculator, IconPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { newIdempotencyKey } from '../../api/idempotency.ts';
import { ConfirmDialog } from '../../components/common/ConfirmDialog.tsx';
import { formatDate } from '../../components/common/format.ts';
import { ActionError, QueryStatus } from '../../components/common/QueryError.tsx';
import { typed, useDialogFormErrors, useSchemaForm } from '../../components/common/schemaForm.ts';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { FiguresTable } from '../mass-balance/FiguresTable.tsx';
import { Section } from '../mass-balance/Sections.tsx';
import { type Footprints, useAdoptComputed, useComputed, useEnterFootprint, useFootprints } from './api.ts';

type Entry = Footprints['inForce'][number];

/** A year's plastic footprint per RA 11898 category: entered, or computed from production and adopted. */
export function FootprintSection({ year }: { year: number }) {
  const { timeZone } = useMe();
  const mayManage = useCan('compliance.manage');
  const footprints = useFootprints(year);
  const [entering, setEntering] = useState(false);
  const [computing, setComputing] = useState(false);
  const f = footprints.data;
  const columns = [
    { label: 'Category', value: (e: Entry) => PACKAGING_CATEGORY_LABELS[e.category] },
    { label: 'Footprint', value: (e: Entry) => formatKg(e.kg), numeric: true },
    { label: 'Source', value: (e: Entry) => FOOTPRINT_SOURCE_LABELS[e.source] },
    { label: 'Entered', value: (e: Entry) => `${formatDate(e.createdAt, timeZone)}, ${e.enteredBy.name}` },
    { label: 'Note', value: (e: Entry) => e.note ?? '' },
  ];
  return (
    <Section
      title={`Plastic footprint ${year}`}
      note="What the organization put on the market per RA 11898 packaging category. The latest entry of each category is in force; earlier ones stay as history."
    >
      <QueryStatus query={footprints} what="The footprint" loading="Loading the footprint…" />
      {f && f.inForce.length === 0 && (
        <Text size="sm" c="dimmed">
          No footprint entered for {year}: enter it per category, or compute it from the year’s manufacturing
          runs.
        </Text>
      )}
      {f && f.inForce.length > 0 && (
        <>
          <FiguresTable<Entry>
            label={`Footprint ${year} by category`}
            rows={f.inForce}
            keyOf={(e) => e.id}
            columns={columns}
          />
          <Text size="sm" fw={600}>
            Total in force: {formatKg(f.totalKg)}
          </Text>
          {f.history.length > f.inForce.length && (
            <Stack gap={4} component="details">
              <Text component="summary" size="sm" style={{ cursor: 'pointer' }}>
                Every entry of {year} ({f.history.length})
              </Text>
              <FiguresTable<Entry>
                label={`Footprint entries ${year}`}
                rows={f.history}
                keyOf={(e) => e.id}
                columns={columns}
              />
            </Stack>
          )}
        </>
      )}
      <Group gap="xs">
        <Button
          variant="default"
          leftSection={<IconCalculator size={16} aria-hidden />}
          onClick={() => setComputing((v) => !v)}
          aria-expanded={computing}
        >
          Compute from production
        </Button>
        {mayManage && (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setEntering(true)}>
            Enter footprint
          </Button>
        )}
      </Group>
      {computing && <ComputedPanel year={year} mayAdopt={mayManage} />}
      <FootprintDialog year={year} opened={entering} onClose={() => setEntering(false)} />
    </Section>
  );
}

function ComputedPanel({ year, mayAdopt }: { year: number; mayAdopt: boolean }) {
  const computed = useComputed(year, true);
  const adopt = useAdoptComputed();
  const key = useRef(newIdempotencyKey());
  const [confirming, setConfirming] = useState(false);
  const c = computed.data;
  return (
    <Stack gap="xs" component="section" aria-label="Footprint computed from production">
      <QueryStatus query={computed} what="The computed footprint" loading="Computing from production…" />
      {c && (
        <>
          <Text size="sm">
            {c.runs === 0
              ? `No posted manufacturing run of ${year} names a product, its BOM version and the units made.`
              : `${formatCount(c.runs)} manufacturing run${c.runs === 1 ? '' : 's'} of ${year}: ${formatKg(c.totalKg)}.`}{' '}
            <Text span size="xs" c="dimmed">
              {c.rule}
            </Text>
          </Text>
          {c.byCategory.length > 0 && (
            <FiguresTable
              label={`Computed footprint ${year}`}
              rows={c.byCategory}
              keyOf={(r) => r.category}
              columns={[
                { label: 'Category', value: (r) => PACKAGING_CATEGORY_LABELS[r.category] },
                { label: 'Computed', value: (r) => formatKg(r.kg), numeric: true },
              ]}
            />
          )}
          {c.products.length > 0 && (
            <FiguresTable
              label={`Products made in ${year}`}
              rows={c.products}
              keyOf={(p) => p.bomVersion.id}
              columns={[
                { label: 'Product', value: (p) => `${p.product.code} ${p.product.name}` },
                { label: 'BOM version', value: (p) => p.bomVersion.versionNo, numeric: true },
                { label: 'Runs', value: (p) => p.runs, numeric: true },
                { label: 'Units', value: (p) => formatCount(p.units), numeric: true },
                { label: 'Plastic', value: (p) => formatKg(p.kg), numeric: true },
              ]}
            />
          )}
          {mayAdopt && c.runs > 0 && (
            <Group>
              <Button onClick={() => setConfirming(true)}>Adopt as the {year} footprint</Button>
            </Group>
          )}
          {adopt.isSuccess && (
            <Text size="sm" role="status" c="green.9">
              Adopted: the computed figures are the {year} footprint in force.
            </Text>
          )}
        </>
      )}
      <ConfirmDialog
        opened={confirming}
        title={`Adopt the computed ${year} footprint?`}
        confirmLabel="Adopt"
        color="green"
        loading={adopt.isPending}
        error={adopt.error}
        onConfirm={() =>
          adopt.mutate(
            { year, key: key.current },
            {
              onSuccess: () => {
                key.current = newIdempotencyKey();
                setConfirming(false);
              },
            },
          )
        }
        onClose={() => {
          setConfirming(false);
          adopt.reset();
        }}
      >
        Each computed category becomes the entry in force (source: computed from BOMs), and a category in
        force that the runs do not have is set to 0 kg. Earlier entries stay as history.
      </ConfirmDialog>
    </Stack>
  );
}

const formSchema = footprintInputSchema.extend({ kg: typed(footprintInputSchema.shape.kg) });

function FootprintDialog({ year, opened, onClose }: { year: number; opened: boolean; onClose: () => void }) {
  const enter = useEnterFootprint();
  const key = useRef(newIdempotencyKey());
  const form = useSchemaForm(formSchema, { year, category: 'rigid', kg: '', note: '' });
  const fieldLevel = Object.keys(useDialogFormErrors(form, opened, enter.error)).length > 0;
  const close = () => {
    enter.reset();
    onClose();
  };
  return (
    <Modal opened={opened} onClose={close} title={`Enter the ${year} footprint`} centered>
      <form
        noValidate
        aria-label={`Enter the ${year} footprint`}
        onSubmit={form.onSubmit((values) =>
          enter.mutate(
            { input: formSchema.parse({ ...values, year }), key: key.current },
            {
              onSuccess: () => {
                key.current = newIdempotencyKey();
                close();
              },
            },
          ),
        )}
      >
        <Stack gap="sm">
          {!fieldLevel && <ActionError error={enter.error} />}
          <NativeSelect
            label="Packaging category"
            data={PACKAGING_CATEGORIES.map((c) => ({ value: c, label: PACKAGING_CATEGORY_LABELS[c] }))}
            {...form.getInputProps('category')}
          />
          <TextInput
            label="Footprint (kg)"
            required
            inputMode="decimal"
            data-autofocus
            {...form.getInputProps('kg')}
          />
          <Textarea
            label="Note"
            description="Where the figure comes from"
            rows={2}
            {...form.getInputProps('note')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={close} disabled={enter.isPending}>
              Cancel
            </Button>
            <Button type="submit" loading={enter.isPending}>
              Save entry
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
