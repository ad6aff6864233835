import { Anchor, Badge, Card, Container, Group, List, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../../layout/pageTitle.ts';

interface Feature {
  title: string;
  points: string[];
  links: { label: string; to: string }[];
}

// What the app does today. A feature joins this list in the change that ships it, never before.
const AVAILABLE: Feature[] = [
  {
    title: 'Receiving deliveries',
    points: [
      'A weighbridge-friendly form: gross, tare, deductions and price per kilogram, with exact totals in pesos',
      'Prices default from your price list; drafts, posting and voiding with a reason',
      'Delivery photos with their capture time and GPS position kept, other photo metadata removed',
      'Printable receipts',
    ],
    links: [{ label: 'Receive records', to: '/receive-records' }],
  },
  {
    title: 'Batches and QR codes',
    points: [
      'Every posted delivery line becomes a lot with its own code',
      'Split, merge, quarantine and adjust lots; balances can never go below zero',
      'QR label sheets (PDF) whose codes open a public verification page with the lot’s public facts',
    ],
    links: [{ label: 'Batches', to: '/batch-management' }],
  },
  {
    title: 'Inventory',
    points: [
      'Stock by lot, material or facility, for today or any past day',
      'Valued at weighted-average cost',
      'Stock counts: count sheets, differences and posting them as adjustments',
    ],
    links: [{ label: 'Inventory', to: '/inventory' }],
  },
  {
    title: 'Supplier ledger',
    points: [
      'What you owe each supplier, from posted deliveries',
      'Payments by cash, GCash, bank transfer or cheque, and advances',
      'Statements for any period with opening and closing balances',
    ],
    links: [{ label: 'Supplier ledger', to: '/supplier-ledger' }],
  },
  {
    title: 'Master data',
    points: [
      'Facilities, suppliers (waste pickers, junkshops, aggregators, cooperatives, LGUs), customers and production lines',
      'Materials by polymer and form, and a price list that keeps its history',
      'Reference data with sources: material types, process energy, RA 11898 recovery targets',
    ],
    links: [
      { label: 'Suppliers', to: '/suppliers' },
      { label: 'Facilities', to: '/facilities' },
      { label: 'System catalog', to: '/system-catalog' },
      { label: 'Price analyser', to: '/price-analyser' },
    ],
  },
  {
    title: 'Team and accountability',
    points: [
      'Invite members with a role: administrator, manager, operator, auditor or supplier',
      'Sign in with a password or an emailed one-time link; see and end your sessions',
      'An activity log and audit trail that cannot be altered, with CSV export',
    ],
    links: [
      { label: 'Team', to: '/user-management' },
      { label: 'Activity log', to: '/user-transactions' },
    ],
  },
  {
    title: 'Open API',
    points: [
      'Everything the app does is available over a documented JSON API (OpenAPI 3.1)',
      'CSV exports of receive records, lots, stock, ledgers, master data and the activity log: your data is yours to take',
    ],
    links: [{ label: 'API reference', to: '/docs' }],
  },
];

const PLANNED = [
  'Production records with mass balance checks',
  'Dispatches and orders',
  'Traceability across processing and product passports',
  'A verifiable record log for blockchain-style verification',
  'EPR credits, certificates and compliance reports',
  'Marketplace for green buyers',
  'IoT tracking and AI-assisted material identification',
];

/** /features, public: what works today, with links into the app, and what is planned. */
export function FeaturesPage() {
  usePageTitle('Features');
  return (
    <Container size="lg">
      <Stack gap="xl">
        <div>
          <Title order={1}>Features</Title>
          <Text c="dimmed" maw={720}>
            What PlasTrace does today for recyclers, junkshops, collectors and processors. App pages open
            after you sign in; the beta is free.
          </Text>
        </div>
        <section aria-labelledby="available-title">
          <Title order={2} id="available-title" mb="md">
            Available in the beta
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
            {AVAILABLE.map((f) => (
              <Card key={f.title} withBorder radius="md" padding="lg" component="article">
                <Title order={3} fz="lg" mb="xs">
                  {f.title}
                </Title>
                <List size="sm" spacing={4} mb="md">
                  {f.points.map((p) => (
                    <List.Item key={p}>{p}</List.Item>
                  ))}
                </List>
                <Group gap="md" mt="auto">
                  {f.links.map((l) => (
                    <Anchor key={l.to} component={Link} to={l.to} size="sm" fw={500}>
                      {l.label} →
                    </Anchor>
                  ))}
                </Group>
              </Card>
            ))}
          </SimpleGrid>
        </section>
        <section aria-labelledby="planned-title">
          <Group gap="sm" mb="md">
            <Title order={2} id="planned-title">
              Planned
            </Title>
            <Badge variant="light" color="gray">
              Not available yet
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" mb="sm">
            Shown on the home page as where PlasTrace is going. Tell us through the{' '}
            <Anchor component={Link} to="/contact" size="sm">
              contact form
            </Anchor>{' '}
            which you need first.
          </Text>
          <List size="sm" spacing={4}>
            {PLANNED.map((p) => (
              <List.Item key={p}>{p}</List.Item>
            ))}
          </List>
        </section>
      </Stack>
    </Container>
  );
}
