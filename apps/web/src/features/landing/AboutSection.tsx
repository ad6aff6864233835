import {
  Anchor,
  Badge,
  Card,
  Center,
  Container,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconBuildingFactory2, IconLeaf, IconRecycle } from '@tabler/icons-react';
import { Link } from 'react-router';

const steps = [
  {
    title: 'Track and Divert Waste',
    icon: IconRecycle,
    text: 'Log every delivery with photos and QR codes. Materials are identified and valued as they arrive, and every kilogram kept out of landfill is counted.',
  },
  {
    title: 'Process Sustainably',
    icon: IconBuildingFactory2,
    text: 'Record sorting and processing with mass balance checks, AI-assisted sorting and energy use, so your carbon footprint report rests on real records.',
  },
  {
    title: 'Create Sustainable Value',
    icon: IconLeaf,
    text: 'Turn verified recovery into EPR credits, prove the chain of custody to buyers, and sell to green buyers on the marketplace.',
  },
];

export function AboutSection() {
  return (
    <Container id="about" component="section" aria-labelledby="about-title" size="lg" py={80}>
      <Stack align="center" ta="center" gap="xs" mb={40}>
        <Title id="about-title" order={2}>
          About PlasTrace
        </Title>
        <Text c="dimmed" maw={640}>
          From the scale at the gate to the credit in the registry, in three steps.
        </Text>
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {steps.map((step, index) => (
          <Card key={step.title} withBorder radius="md" padding="lg">
            <ThemeIcon size={44} radius="md" variant="light" mb="md">
              <step.icon size={26} aria-hidden />
            </ThemeIcon>
            <Badge variant="outline" mb="xs">
              Step {index + 1}
            </Badge>
            <Title order={3} fz="lg" mb="xs">
              {step.title}
            </Title>
            <Text size="sm" c="dimmed">
              {step.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
      {/* The marketplace is public: recyclate and EPR credits on offer, without their sellers. */}
      <Center mt="xl">
        <Anchor component={Link} to="/marketplace" fw={600}>
          Browse the marketplace
        </Anchor>
      </Center>
    </Container>
  );
}
