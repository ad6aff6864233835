import { NativeSelect, SegmentedControl, Stack, Table, Text, TextInput } from '@mantine/core';
import {
  formatCount,
  formatKg,
  formatPhp,
  MATERIAL_FORMS,
  MIN_DEALS_FOR_PRICES,
  MIN_DEALS_FOR_RANGE,
  NOT_ENOUGH_DEALS,
  POLYMERS,
} from '@plastrace/shared';
import { useState } from 'react';
import { FilterBar } from '../../components/common/PageHeader.tsx';
import { QueryStatus } from '../../components/common/QueryError.tsx';
import { type PriceQuery, usePriceHistory } from './api.ts';
import { PriceChart, periodLabel } from './PriceChart.tsx';

const any = (label: string) => [{ value: '', label }];

/**
 * Prices of completed deals across the marketplace per month or quarter: the weighted average with the
 * lowest and highest, never who traded; a period of fewer than three deals shows its count only, and the
 * server leaves the lowest and highest out under five.
 */
export function PriceHistoryPanel() {
  const [kind, setKind] = useState<PriceQuery['kind']>('material');
  const [polymer, setPolymer] = useState('PET');
  const [form, setForm] = useState('');
  const [grade, setGrade] = useState('');
  const [interval, setInterval] = useState<PriceQuery['interval']>('month');
  const material = kind === 'material';
  const query: PriceQuery = {
    kind,
    interval,
    ...(material && polymer ? { polymer } : {}),
    ...(material && form ? { form } : {}),
    ...(material && grade.trim() ? { grade: grade.trim() } : {}),
  };
  const history = usePriceHistory(query);
  const h = history.data;
  const unit = h?.unit === 'credit' ? 'credit' : 'kg';
  const quantity = (q: string) => (unit === 'kg' ? formatKg(q) : `${formatCount(q)} credits`);
  // Under MIN_DEALS_FOR_RANGE deals the server sends no lowest or highest.
  const price = (v: string | null) => (v === null ? '—' : formatPhp(v));
  return (
    <Stack gap="md">
      <FilterBar label="Price history filters">
        <NativeSelect
          label="Traded"
          value={kind}
          onChange={(e) => setKind(e.currentTarget.value as PriceQuery['kind'])}
          data={[
            { value: 'material', label: 'Material' },
            { value: 'credits', label: 'EPR credits' },
          ]}
        />
        {material && (
          <>
            <NativeSelect
              label="Polymer"
              value={polymer}
              onChange={(e) => setPolymer(e.currentTarget.value)}
              data={[...any('Any polymer'), ...POLYMERS]}
            />
            <NativeSelect
              label="Form"
              value={form}
              onChange={(e) => setForm(e.currentTarget.value)}
              data={[...any('Any form'), ...MATERIAL_FORMS]}
            />
            <TextInput
              label="Grade"
              value={grade}
              onChange={(e) => setGrade(e.currentTarget.value)}
              w={100}
            />
          </>
        )}
        <Stack gap={4}>
          <Text size="sm" fw={500} id="price-interval">
            Per
          </Text>
          <SegmentedControl
            aria-labelledby="price-interval"
            value={interval}
            onChange={(v) => setInterval(v as PriceQuery['interval'])}
            data={[
              { value: 'month', label: 'Month' },
              { value: 'quarter', label: 'Quarter' },
            ]}
          />
        </Stack>
      </FilterBar>
      <QueryStatus query={history} what="The price history" loading="Loading the price history…" />
      {h && (
        <>
          {h.periods.some((p) => p.enough) ? (
            <PriceChart history={h} />
          ) : (
            <Text size="sm" c="dimmed" role="status">
              No {h.interval} in this range has {MIN_DEALS_FOR_PRICES} or more completed deals yet: there are
              no prices to chart.
            </Text>
          )}
          <Table.ScrollContainer minWidth={600}>
            <Table aria-label={`Prices of completed deals per ${h.interval}`} verticalSpacing={4} fz="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{h.interval === 'month' ? 'Month' : 'Quarter'}</Table.Th>
                  <Table.Th ta="right">Deals</Table.Th>
                  <Table.Th ta="right">Quantity</Table.Th>
                  <Table.Th ta="right">Weighted average</Table.Th>
                  <Table.Th ta="right">Lowest</Table.Th>
                  <Table.Th ta="right">Highest</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {h.periods.map((p) => (
                  <Table.Tr key={p.period}>
                    <Table.Td>{periodLabel(p.period)}</Table.Td>
                    <Table.Td ta="right">{p.deals}</Table.Td>
                    {p.enough && p.quantity !== null ? (
                      <>
                        <Table.Td ta="right">{quantity(p.quantity)}</Table.Td>
                        <Table.Td ta="right">{formatPhp(p.averagePrice)}</Table.Td>
                        <Table.Td ta="right">{price(p.minPrice)}</Table.Td>
                        <Table.Td ta="right">{price(p.maxPrice)}</Table.Td>
                      </>
                    ) : (
                      <Table.Td colSpan={4} ta="right" c="dimmed">
                        {p.deals === 0 ? 'No deals' : NOT_ENOUGH_DEALS}
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <Text size="xs" c="dimmed">
            Prices per {unit} of deals completed on the marketplace, by the day they completed, in whole{' '}
            {h.interval}s. A period with fewer than {MIN_DEALS_FOR_PRICES} deals shows neither quantity nor
            prices, and one with fewer than {MIN_DEALS_FOR_RANGE} no lowest or highest, so no trade can be
            told apart.
          </Text>
        </>
      )}
    </Stack>
  );
}
