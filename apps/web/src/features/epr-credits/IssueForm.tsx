import {
  Alert,
  Anchor,
  Button,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { CREDIT_FATES, type CreditFate, creditIssueSchema, formatKg, formatPhp } from '@plastrace/shared';
import { IconCircleCheck } from '@tabler/icons-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { newIdempotencyKey } from '../../api/idempotency.ts';
import { wireFieldErrorsOf } from '../../components/common/apiErrors.ts';
import { ActionError } from '../../components/common/QueryError.tsx';
import { useSchemaForm } from '../../components/common/schemaForm.ts';
import { type CreditBatch, type IssueInput, type RecoveryRow, useIssueCredits } from './api.ts';
import { EvidenceTable } from './EvidenceTable.tsx';
import { intText } from './forms.ts';
import { creditsText, fateLabel, materialTypeLabel, serialRange } from './labels.tsx';
import { creditsIn, type IssueChoice, previewIssue, rowsFor } from './preview.ts';

const formSchema = z.object({
  facility_id: z.string().min(1, 'Choose the facility'),
  vintage: z.string().min(1, 'Choose the vintage'),
  fate: creditIssueSchema.shape.fate,
  material_type: z.string(),
  quantity: intText(creditIssueSchema.shape.quantity),
});
type Values = z.input<typeof formSchema>;

const unique = <T,>(items: T[]) => [...new Set(items)];

function firstChoice(rows: RecoveryRow[]): Values {
  const r = rows[0];
  return {
    facility_id: r?.facility.id ?? '',
    vintage: r ? r.recoveredOn.slice(0, 4) : '',
    fate: r?.fate ?? 'recycling',
    material_type: '',
    quantity: '',
  };
}

const choiceOf = (v: Values): IssueChoice => ({
  facilityId: v.facility_id,
  fate: v.fate as CreditFate,
  vintage: Number(v.vintage),
  materialType: v.material_type || null,
});

/**
 * Issuing a batch: where from (facility, vintage, fate, material type), how many credits (at most what
 * the recovery holds), and the evidence the batch would claim — computed here by the server's rule.
 */
/** The batch just issued, with its serials and a link to it. Shown by the panel, which outlives the form. */
export function IssuedAlert({ batch }: { batch: CreditBatch }) {
  return (
    <Alert color="teal" icon={<IconCircleCheck aria-hidden />} title="Credits issued" role="status">
      {creditsText(batch.quantity)} issued as batch {batch.serialPrefix}: serials{' '}
      {serialRange(batch.firstSerial, batch.lastSerial)}.{' '}
      <Anchor component={Link} to={`/epr-credits/batches/${batch.id}`} c="inherit" fw={600}>
        Open the batch
      </Anchor>
    </Alert>
  );
}

export function IssueForm({
  rows,
  initial,
  onIssued,
}: {
  rows: RecoveryRow[];
  initial: IssueChoice | null;
  /** Told of the batch issued: the form goes once the recovery it came from is all claimed. */
  onIssued: (batch: CreditBatch) => void;
}) {
  const form = useSchemaForm(
    formSchema,
    initial
      ? {
          facility_id: initial.facilityId,
          vintage: String(initial.vintage),
          fate: initial.fate,
          material_type: initial.materialType ?? '',
          quantity: '',
        }
      : firstChoice(rows),
  );
  const issue = useIssueCredits();
  // One key per distinct request: a retry of the same submission is answered once.
  const sent = useRef<{ body: string; key: string } | null>(null);
  const v = form.values;
  const choice = choiceOf(v);
  const eligible = rowsFor(rows, choice);
  const { credits, kg } = creditsIn(eligible);
  const quantity = Number(v.quantity);
  const preview = Number.isInteger(quantity) && quantity > 0 ? previewIssue(eligible, quantity) : null;
  const types = unique(
    rowsFor(rows, { ...choice, materialType: null }).flatMap((r) =>
      r.material.type ? [r.material.type] : [],
    ),
  );

  const refusedField = Object.keys(wireFieldErrorsOf(issue.error)).length > 0;

  const submit = form.onSubmit((values) => {
    const parsed = formSchema.parse(values);
    if (parsed.quantity > credits)
      return form.setFieldError('quantity', `At most ${creditsText(credits)} from this recovery`);
    const body: IssueInput = { ...choiceOf(values), quantity: parsed.quantity };
    const json = JSON.stringify(body);
    if (sent.current?.body !== json) sent.current = { body: json, key: newIdempotencyKey() };
    issue.mutate(
      { ...body, key: sent.current.key },
      {
        onSuccess: (batch) => {
          form.setFieldValue('quantity', '');
          onIssued(batch);
        },
        onError: (e) => form.setErrors(wireFieldErrorsOf(e)),
      },
    );
  });

  return (
    <form onSubmit={submit} noValidate aria-label="Issue credits">
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
          <NativeSelect
            label="Facility"
            data={unique(rows.map((r) => r.facility.id)).map((id) => {
              const f = rows.find((r) => r.facility.id === id)?.facility;
              return { value: id, label: f ? `${f.code} · ${f.name}` : id };
            })}
            {...form.getInputProps('facility_id')}
          />
          <NativeSelect
            label="Vintage"
            data={unique(rows.map((r) => r.recoveredOn.slice(0, 4)))
              .sort()
              .reverse()}
            {...form.getInputProps('vintage')}
          />
          <NativeSelect
            label="Fate"
            data={CREDIT_FATES.map((f) => ({ value: f, label: fateLabel(f) }))}
            {...form.getInputProps('fate')}
          />
          <NativeSelect
            label="Material type"
            data={[
              { value: '', label: 'All types (a mixed batch)' },
              ...types.map((t) => ({ value: t, label: materialTypeLabel(t) })),
            ]}
            {...form.getInputProps('material_type')}
          />
        </SimpleGrid>
        <TextInput
          label="Credits to issue"
          description={`At most ${creditsText(credits)}: ${formatKg(kg)} of recovery is left here`}
          inputMode="numeric"
          required
          maw={320}
          {...form.getInputProps('quantity')}
        />
        {preview && (
          <Stack gap="xs" component="section" aria-label="Preview">
            <Text size="sm">
              {creditsText(quantity)} = {formatKg(preview.kg)}, claimed oldest first from{' '}
              {preview.parts.length} lot{preview.parts.length === 1 ? '' : 's'}. The collectors behind them
              were paid {formatPhp(preview.pay.php)} ({formatPhp(preview.pay.perKg)} per kg by the supplier
              ledger).
            </Text>
            <EvidenceTable
              label="Evidence the batch would claim"
              items={preview.parts.map(({ row, takeKg }) => ({
                lot: row.lot,
                kg: takeKg,
                delivery: row.delivery,
                supplierType: row.supplierType,
                recovery: { ...row.recovery, recoveredOn: row.recoveredOn },
              }))}
            />
          </Stack>
        )}
        {!refusedField && <ActionError error={issue.error} onClose={() => issue.reset()} />}
        <Group>
          <Button type="submit" loading={issue.isPending} disabled={credits === 0}>
            {preview ? `Issue ${creditsText(quantity)}` : 'Issue credits'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
