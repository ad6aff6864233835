import { Anchor, Badge, Button, Group, Paper, Select, Stack, Table, Text, TextInput } from '@mantine/core';
import { PASSPORT_STATUSES, type PassportStatus } from '@plastrace/shared';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { LoadMore } from '../../components/common/LoadMore.tsx';
import { FilterBar, PageHeader } from '../../components/common/PageHeader.tsx';
import { ActionError, QueryError } from '../../components/common/QueryError.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { useCan } from '../../components/common/useMe.ts';
import { LotSearchBar } from '../../components/lots/LotSearchBar.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { lotIdByCode, type PassportSummary, useCreatePassport, usePassports } from './api.ts';

const TITLE = 'Product passports';
const STATUS_LABELS: Record<PassportStatus, string> = { draft: 'Draft', published: 'Published' };

/** /product-passport: every lot's passport, and a new one from a lot's code or label. */
export function ProductPassportsPage() {
  usePageTitle(TITLE);
  return (
    <RequirePermission action="passports.read" title={TITLE}>
      <PassportsView />
    </RequirePermission>
  );
}

function PassportsView() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const statusParam = params.get('status');
  const status = (PASSPORT_STATUSES as readonly string[]).includes(statusParam ?? '')
    ? (statusParam as PassportStatus)
    : undefined;
  const [typed, setTyped] = useState(q);
  const list = usePassports({ q: q || undefined, status });
  const items = list.data?.pages.flatMap((p) => p.items) ?? [];
  const canWrite = useCan('passports.write');
  const set = (key: string, value: string | null) =>
    setParams((p) => {
      if (value) p.set(key, value);
      else p.delete(key);
      return p;
    });

  return (
    <Stack gap="md">
      <PageHeader
        title={TITLE}
        description="What a lot is made of, how much is recycled and where it came from — published for anyone who scans its QR code. (The record log’s “Record passport” proves a record’s history instead.)"
      />
      {canWrite && <CreateFromLot />}
      <form
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          set('q', typed.trim() || null);
        }}
      >
        <FilterBar label="Search passports" actions={<Button type="submit">Search</Button>}>
          <TextInput
            label="Lot code or product"
            value={typed}
            onChange={(e) => setTyped(e.currentTarget.value)}
            style={{ gridColumn: 'span 2' }}
          />
          <Select
            label="Status"
            data={PASSPORT_STATUSES.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
            value={status ?? null}
            onChange={(v) => set('status', v)}
            clearable
            placeholder="Any"
          />
        </FilterBar>
      </form>
      {list.isPending && <Text role="status">Loading passports…</Text>}
      {list.isError && <QueryError error={list.error} what="The passports" onRetry={() => list.refetch()} />}
      {list.isSuccess && items.length === 0 && (
        <EmptyState title={q || status ? 'No passport matches' : 'No product passports yet'}>
          {q || status
            ? 'Clear the search or the status to see every passport.'
            : 'Create a lot’s passport above from its code or label, then publish it for its QR code.'}
        </EmptyState>
      )}
      {items.length > 0 && <PassportList items={items} />}
      <LoadMore
        hasNextPage={list.hasNextPage}
        isFetchingNextPage={list.isFetchingNextPage}
        fetchNextPage={() => list.fetchNextPage()}
      />
    </Stack>
  );
}

function CreateFromLot() {
  const navigate = useNavigate();
  const create = useCreatePassport();
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  async function start(lotId: string) {
    try {
      const { id } = await create.mutateAsync(lotId);
      navigate(`/product-passport/${id}`);
    } catch (e) {
      // The lot has one already: open it.
      const existing =
        e instanceof ApiError && e.status === 409 ? (e.details?.id as string | undefined) : undefined;
      if (existing) navigate(`/product-passport/${existing}`);
    }
  }
  return (
    <Paper withBorder radius="md" p="sm">
      <LotSearchBar
        label="New passport from a lot"
        submitLabel="Create passport"
        placeholder="MNL1-261121-0002"
        value={code}
        onChange={(v) => {
          setCode(v);
          setProblem(null);
        }}
        problem={problem}
        span="span 2"
        onScanned={(id) => start(id)}
        onSubmit={async (e) => {
          e.preventDefault();
          if (!code.trim()) return setProblem('Enter the lot code printed on its label');
          const id = await lotIdByCode(code).catch(() => null);
          if (!id) return setProblem(`No lot of your organization has the code ${code.trim().toUpperCase()}`);
          await start(id);
        }}
      />
      {create.isError && !(create.error instanceof ApiError && create.error.status === 409) && (
        <ActionError error={create.error} onClose={() => create.reset()} />
      )}
    </Paper>
  );
}

function PassportList({ items }: { items: PassportSummary[] }) {
  const phone = usePhone();
  const name = (p: PassportSummary) => (p.product ? `${p.product.name} (${p.product.sku})` : p.material);
  const status = (p: PassportSummary) => (
    <Badge variant="light" color={p.status === 'published' ? 'green' : 'gray'}>
      {p.status === 'published' ? `Published v${p.publishedVersion}` : 'Draft'}
    </Badge>
  );
  const open = (p: PassportSummary) => (
    <Anchor component={Link} to={`/product-passport/${p.id}`}>
      {p.lot.code}
    </Anchor>
  );
  if (phone)
    return (
      <CardList label="Product passports" items={items} keyOf={(p) => p.id}>
        {(p) => (
          <Group justify="space-between" wrap="nowrap">
            <div>
              {open(p)}
              <Text size="sm">{name(p)}</Text>
            </div>
            {status(p)}
          </Group>
        )}
      </CardList>
    );
  return (
    <Table striped aria-label="Product passports">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Lot</Table.Th>
          <Table.Th>Product or material</Table.Th>
          <Table.Th>Status</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {items.map((p) => (
          <Table.Tr key={p.id}>
            <Table.Td>{open(p)}</Table.Td>
            <Table.Td>{name(p)}</Table.Td>
            <Table.Td>{status(p)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
