import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePageTitle } from '../../layout/pageTitle.ts';

const PRINCIPLES: { title: string; text: string }[] = [
  {
    title: 'Every kilogram, exactly',
    text: 'Weights are kept to the gram and money to the centavo, summed without rounding errors, so the books and the scale agree.',
  },
  {
    title: 'Records that can be trusted',
    text: 'A posted record is never changed in place: it is voided with a reason and replaced. The activity log and audit trail cannot be altered.',
  },
  {
    title: 'Proof without exposure',
    text: 'A lot’s QR code proves it is recorded, showing its material, weight and city, never prices, suppliers or people.',
  },
  {
    title: 'Your data stays yours',
    text: 'Export it at any time, no advertising or trackers, and an open API for your scales and systems.',
  },
];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <Title order={2} id={id} fz="h3" mb="xs">
        {title}
      </Title>
      {children}
    </section>
  );
}

/** /about, public: the mission and how PlasTrace is built. */
export function AboutPage() {
  usePageTitle('About');
  return (
    <Container size="sm">
      <Stack gap="xl">
        <div>
          <Title order={1}>About PlasTrace</Title>
          <Text size="lg" mt="xs">
            PlasTrace helps the people who collect and recycle plastic prove what they do: every kilogram
            recorded from the scale at the gate, every lot traceable to its delivery, and verified recovery
            ready for Extended Producer Responsibility.
          </Text>
        </div>
        <Section id="why" title="Why">
          <Text>
            The Philippines’ Extended Producer Responsibility Act of 2022 (RA 11898) requires large brand
            owners and manufacturers to recover a growing share of the plastic packaging they put on the
            market: 20% in 2023, rising to 80% by 2028. Much of that plastic is recovered by waste pickers,
            junkshops, cooperatives and recyclers, whose records are often on paper. Recovery only counts when
            it can be shown, so the people doing the work need records that are easy to keep and hard to
            dispute.
          </Text>
        </Section>
        <Section id="for-whom" title="For whom">
          <Text>
            Recyclers, collectors, processors, manufacturers, brand owners and the consultants who help them,
            in the Philippines first: amounts in pesos, suppliers paid in cash or by GCash, and the recovery
            targets of RA 11898 built in.
          </Text>
        </Section>
        <Section id="principles" title="How we build it">
          <List spacing="sm">
            {PRINCIPLES.map((p) => (
              <List.Item key={p.title}>
                <Text fw={600} span>
                  {p.title}.
                </Text>{' '}
                {p.text}
              </List.Item>
            ))}
          </List>
        </Section>
        <Section id="now" title="Where we are">
          <Text>
            PlasTrace is in a free beta, expected to last 3 to 6 months. Receiving, lots and QR codes,
            inventory, the supplier ledger and team accounts work today; see{' '}
            <Anchor component={Link} to="/features">
              Features
            </Anchor>{' '}
            for the full list and what comes next. Questions or ideas?{' '}
            <Anchor component={Link} to="/contact">
              Write to us
            </Anchor>
            .
          </Text>
        </Section>
      </Stack>
    </Container>
  );
}
