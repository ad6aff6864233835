import { Anchor, List, Text, ThemeIcon } from '@mantine/core';
import { CREDIT_FATE_LABELS, formatKg } from '@plastrace/shared';
import { IconCircleCheck, IconCircleDashed } from '@tabler/icons-react';
import { Link } from 'react-router';
import { formatDate } from '../../components/common/format.ts';
import { useMe } from '../../components/common/useMe.ts';
import { FiguresTable } from '../mass-balance/FiguresTable.tsx';
import { Section } from '../mass-balance/Sections.tsx';
import type { Year } from './api.ts';

type Retirement = Year['retirements'][number];

/** The credits retired for the year (what "recovered" counts), each with its batch's log proof. */
export function RetirementsSection({ y }: { y: Year }) {
  const { timeZone } = useMe();
  return (
    <Section
      title={`Credits retired for ${y.year}`}
      note="Recovered counts these only: 1 credit = 1 tonne. Own recovery counts through credits the organization issued and retired itself, so no kilogram counts twice."
    >
      {y.retirements.length === 0 ? (
        <Text size="sm" c="dimmed">
          No credits are retired for {y.year} yet. Retire credits for this compliance year on the EPR credits
          page.
        </Text>
      ) : (
        <FiguresTable<Retirement>
          label={`Credits retired for ${y.year}`}
          rows={y.retirements}
          keyOf={(r) => r.id}
          columns={[
            {
              label: 'Serials',
              value: (r) => (
                <Text span size="sm" ff="monospace">
                  {r.firstSerial} to {r.lastSerial}
                </Text>
              ),
            },
            { label: 'Credits', value: (r) => r.credits, numeric: true },
            { label: 'Kilograms', value: (r) => formatKg(r.kg), numeric: true },
            { label: 'Fate', value: (r) => CREDIT_FATE_LABELS[r.fate] },
            { label: 'Issuer', value: (r) => r.issuer },
            { label: 'Beneficiary', value: (r) => `${r.beneficiary}${r.purpose ? ` (${r.purpose})` : ''}` },
            { label: 'Retired', value: (r) => formatDate(r.retiredAt, timeZone) },
            {
              label: 'Proof',
              value: (r) => (
                <Anchor
                  component={Link}
                  to={r.logUrl}
                  size="sm"
                  aria-label={`Log proof of batch ${r.serialPrefix}`}
                >
                  Proof
                </Anchor>
              ),
            },
          ]}
        />
      )}
    </Section>
  );
}

/** What the year's ECAR needs, each step done or not in words as well as an icon. */
export function ChecklistSection({ y }: { y: Year }) {
  return (
    <Section title="Evidence checklist" note={`The ${y.year} ECAR is due ${y.ecar.dueOn}.`}>
      <List spacing="xs" aria-label={`Evidence checklist ${y.year}`}>
        {y.checklist.map((c) => (
          <List.Item
            key={c.key}
            icon={
              <ThemeIcon color={c.done ? 'green' : 'gray'} variant="light" size={22} radius="xl">
                {c.done ? (
                  <IconCircleCheck size={16} aria-hidden />
                ) : (
                  <IconCircleDashed size={16} aria-hidden />
                )}
              </ThemeIcon>
            }
          >
            <Text size="sm" fw={600} span>
              {c.label}: {c.done ? 'done' : 'to do'}
            </Text>
            <Text size="sm" c="dimmed">
              {c.detail}
            </Text>
          </List.Item>
        ))}
      </List>
    </Section>
  );
}
