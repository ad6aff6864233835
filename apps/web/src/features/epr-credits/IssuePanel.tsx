import { Anchor, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { CREDIT_KG, formatKg, toUnits } from '@plastrace/shared';
import { useState } from 'react';
import { Link } from 'react-router';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { QueryStatus } from '../../components/common/QueryError.tsx';
import { useCan } from '../../components/common/useMe.ts';
import { type CreditBatch, type RecoveryGroup, useCreditRecovery } from './api.ts';
import { IssuedAlert, IssueForm } from './IssueForm.tsx';
import { creditsText, fateLabel, materialTypeLabel } from './labels.tsx';
import type { IssueChoice } from './preview.ts';

/**
 * The Issue tab: verified recovery not yet backing credits, summed per facility × fate × material type ×
 * vintage, and (for those who may) the form that issues a batch from it with a preview of its evidence.
 */
export function IssuePanel() {
  const recovery = useCreditRecovery();
  const canIssue = useCan('credits.issue');
  const [picked, setPicked] = useState<{ choice: IssueChoice; at: number } | null>(null);
  const [issued, setIssued] = useState<CreditBatch | null>(null);
  const data = recovery.data;

  return (
    <Stack gap="md">
      {issued && <IssuedAlert batch={issued} />}
      <QueryStatus query={recovery} what="The eligible recovery" loading="Loading the eligible recovery…" />
      {data && data.groups.length === 0 && (
        <EmptyState title="No recovery is left to issue credits from">
          Credits come from posted deliveries that a posted production run processed, or that a delivered
          dispatch took to a recycler or co-processor. Kilograms already backing credits are not shown.
        </EmptyState>
      )}
      {data && data.groups.length > 0 && (
        <>
          <Text size="sm" c="dimmed">
            {formatKg(data.totals.availableKg)} of verified recovery is not yet backing credits:{' '}
            {creditsText(data.totals.credits)} can be issued (1 credit = 1 tonne); the rest waits for more.
          </Text>
          <GroupsTable
            groups={data.groups}
            onPick={
              canIssue
                ? (g) =>
                    setPicked({
                      choice: {
                        facilityId: g.facility.id,
                        fate: g.fate,
                        vintage: g.vintage,
                        materialType: g.materialType,
                      },
                      at: Date.now(),
                    })
                : undefined
            }
          />
          {canIssue && (
            <Paper withBorder radius="md" p="md" component="section" aria-labelledby="issue-heading">
              <Title order={2} fz="h3" id="issue-heading" mb="sm">
                Issue credits
              </Title>
              <IssueForm
                key={picked?.at ?? 0}
                rows={data.rows}
                initial={picked?.choice ?? null}
                onIssued={setIssued}
              />
            </Paper>
          )}
        </>
      )}
      <Text size="sm">
        Credits issued are listed in the public{' '}
        <Anchor component={Link} to="/registry">
          credit registry
        </Anchor>
        .
      </Text>
    </Stack>
  );
}

/** Whole credits a mixed batch of each facility × fate × vintage can hold, across its material types. */
function mixedCredits(groups: RecoveryGroup[]) {
  const grams = new Map<string, bigint>();
  for (const g of groups) {
    const k = `${g.facility.id}|${g.fate}|${g.vintage}`;
    grams.set(k, (grams.get(k) ?? 0n) + toUnits(g.availableKg, 3));
  }
  const perCredit = toUnits(CREDIT_KG, 3);
  return (g: RecoveryGroup) =>
    Number((grams.get(`${g.facility.id}|${g.fate}|${g.vintage}`) ?? 0n) / perCredit);
}

function GroupsTable({ groups, onPick }: { groups: RecoveryGroup[]; onPick?: (g: RecoveryGroup) => void }) {
  const phone = usePhone();
  const mixed = mixedCredits(groups);
  const key = (g: RecoveryGroup) => `${g.facility.id}|${g.fate}|${g.materialType}|${g.vintage}`;
  // Less than a tonne of one type can still go into a mixed batch with the facility's other types.
  const pick = (g: RecoveryGroup) => {
    if (!onPick) return null;
    const own = g.credits > 0;
    const what = `${g.facility.code}, ${g.vintage}, ${fateLabel(g.fate)}, ${materialTypeLabel(g.materialType)}`;
    return (
      <Button
        size="xs"
        variant="light"
        disabled={!own && mixed(g) === 0}
        onClick={() => onPick(own ? g : { ...g, materialType: null })}
        aria-label={own ? `Issue from this: ${what}` : `Issue mixed: ${what} with its other types`}
      >
        {own ? 'Issue from this' : 'Issue mixed'}
      </Button>
    );
  };
  if (phone)
    return (
      <CardList label="Eligible recovery" items={groups} keyOf={key}>
        {(g) => (
          <Group justify="space-between" wrap="nowrap" align="flex-start">
            <div>
              <Text fw={600}>
                {g.facility.code} · {g.vintage} · {creditsText(g.credits)}
              </Text>
              <Text size="sm">{fateLabel(g.fate)}</Text>
              <Text size="sm">
                {materialTypeLabel(g.materialType)}: {formatKg(g.availableKg)}
              </Text>
            </div>
            {pick(g)}
          </Group>
        )}
      </CardList>
    );
  return (
    <Table striped aria-label="Eligible recovery">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Facility</Table.Th>
          <Table.Th>Vintage</Table.Th>
          <Table.Th>Fate</Table.Th>
          <Table.Th>Material type</Table.Th>
          <Table.Th ta="right">Available</Table.Th>
          <Table.Th ta="right">Credits</Table.Th>
          <Table.Th ta="right">Carried</Table.Th>
          {onPick && <Table.Th>Action</Table.Th>}
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {groups.map((g) => (
          <Table.Tr key={key(g)}>
            <Table.Td>{`${g.facility.code} · ${g.facility.name}`}</Table.Td>
            <Table.Td>{g.vintage}</Table.Td>
            <Table.Td>{fateLabel(g.fate)}</Table.Td>
            <Table.Td>{materialTypeLabel(g.materialType)}</Table.Td>
            <Table.Td ta="right">{formatKg(g.availableKg)}</Table.Td>
            <Table.Td ta="right">{g.credits}</Table.Td>
            <Table.Td ta="right">{formatKg(g.carriedKg)}</Table.Td>
            {onPick && <Table.Td>{pick(g)}</Table.Td>}
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
