import { Badge, Box, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlayerPlay } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';

// Loaded when opened (see LandingPage: a first visit downloads no dialog).
const DemoDialog = lazy(() => import('./DemoDialog.tsx').then((m) => ({ default: m.DemoDialog })));

interface HeroSectionProps {
  onJoin: () => void;
}

// Made-up numbers for the preview (spec §1); the card says so, so nobody reads them as results.
const sampleFigures = [
  { label: 'Plastic received', value: '12,480 kg' },
  { label: 'Diverted from landfill', value: '94.2%' },
  { label: 'EPR credits issued', value: '342' },
  { label: 'Active suppliers', value: '58' },
];

export function HeroSection({ onJoin }: HeroSectionProps) {
  const [demoOpened, demo] = useDisclosure(false);
  return (
    <Box id="top" pt={120} pb={80} bg="teal.0">
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48}>
          <Stack gap="lg" justify="center">
            <Badge size="lg" variant="light" color="teal" w="fit-content">
              Free beta: full access, no credit card
            </Badge>
            <Title order={1} fz={{ base: 34, sm: 46 }} lh={1.15}>
              Trace every kilogram of plastic, from collection to EPR credit
            </Title>
            <Text size="lg" c="dimmed">
              PlasTrace is one platform for recyclers, collectors, processors, manufacturers, brand owners and
              consultants: waste tracking with photos and QR codes, material identification and value
              calculation, landfill diversion and carbon footprint reporting, chain of custody and EPR
              credits.
            </Text>
            <Group>
              {/* Not 'Get Beta Access' again: one name per action keeps the header's button unique. */}
              <Button size="md" onClick={onJoin}>
                Start Free Beta
              </Button>
              <Button
                size="md"
                variant="default"
                leftSection={<IconPlayerPlay size={18} />}
                onClick={demo.open}
              >
                Watch Demo
              </Button>
            </Group>
          </Stack>
          <DashboardPreview />
        </SimpleGrid>
      </Container>
      {demoOpened && (
        <Suspense fallback={null}>
          <DemoDialog opened onClose={demo.close} onJoin={onJoin} />
        </Suspense>
      )}
    </Box>
  );
}

function DashboardPreview() {
  return (
    <Card
      withBorder
      shadow="md"
      radius="md"
      padding="lg"
      aria-label="Dashboard preview with sample figures"
      style={{ alignSelf: 'center' }}
    >
      <Group justify="space-between" mb="md">
        <Text fw={700}>Dashboard preview</Text>
        <Badge color="gray" variant="outline">
          Sample figures
        </Badge>
      </Group>
      <SimpleGrid cols={2} spacing="md">
        {sampleFigures.map((figure) => (
          <Card key={figure.label} withBorder radius="sm" padding="sm">
            <Text size="xs" c="dimmed">
              {figure.label}
            </Text>
            <Text fw={700} fz="xl">
              {figure.value}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      <Text size="xs" c="dimmed" mt="md">
        Illustrative numbers only, not data from any real facility.
      </Text>
    </Card>
  );
}
