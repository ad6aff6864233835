import { Box, Card, Container, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  IconBuildingBank,
  IconBuildingFactory,
  IconBuildingSkyscraper,
  IconBuildingStore,
  IconRecycle,
  IconTruckDelivery,
} from '@tabler/icons-react';

const solutions = [
  {
    title: 'Manufacturing',
    icon: IconBuildingFactory,
    text: 'Meet EPR obligations and prove recycled content with a chain of custody for every lot you use.',
  },
  {
    title: 'Recycling Facilities',
    icon: IconRecycle,
    text: 'Receiving, production and dispatch records with stock, mass balance and supplier payments.',
  },
  {
    title: 'Government',
    icon: IconBuildingBank,
    text: 'See collection and landfill diversion figures backed by verifiable records.',
  },
  {
    title: 'Logistics',
    icon: IconTruckDelivery,
    text: 'Dispatch and delivery records that follow each load from pickup to drop-off.',
  },
  {
    title: 'Retail and Brands',
    icon: IconBuildingStore,
    text: 'Back packaging claims with traceable recovery and report your EPR progress.',
  },
  {
    title: 'Enterprise',
    icon: IconBuildingSkyscraper,
    text: 'Many facilities and teams in one organization, with roles, audit trail and exports.',
  },
];

export function SolutionsSection() {
  return (
    <Box id="solutions" component="section" aria-labelledby="solutions-title" bg="gray.0" py={80}>
      <Container size="lg">
        <Stack align="center" ta="center" gap="xs" mb={40}>
          <Title id="solutions-title" order={2}>
            Solutions
          </Title>
          <Text c="dimmed" maw={640}>
            One record of every kilogram, seen from where you stand in the value chain.
          </Text>
        </Stack>
        <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
          {solutions.map((solution) => (
            <Card key={solution.title} withBorder radius="md" padding="lg">
              <ThemeIcon size={40} radius="md" variant="light" mb="md">
                <solution.icon size={22} aria-hidden />
              </ThemeIcon>
              <Title order={3} fz="lg" mb="xs">
                {solution.title}
              </Title>
              <Text size="sm" c="dimmed">
                {solution.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}
