import {
  Accordion,
  Button,
  Card,
  Container,
  List,
  SimpleGrid,
  Stack,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';

// The beta terms of spec §1.
const betaFacts = [
  'Full access at no cost: no credit card, no time limit',
  'Instant access upon approval',
  'Unlimited team invitations',
  'Grandfathered pricing at launch',
  'Beta expected to last 3 to 6 months',
  'Data export available',
  'Basic support through our contact form',
];

const faq = [
  {
    question: 'How long does the beta last?',
    answer: 'We expect the beta to run for 3 to 6 months. We will tell every beta user before it ends.',
  },
  {
    question: 'Is it really free?',
    answer:
      'Yes. Beta access costs nothing and needs no credit card. When paid plans launch, beta users keep grandfathered pricing.',
  },
  {
    question: 'Can I invite my team?',
    answer: 'Yes, team invitations are unlimited during the beta.',
  },
  {
    question: 'What happens to my data?',
    answer: 'It stays yours. You can export your data at any time.',
  },
  {
    question: 'How do I get help?',
    answer: 'Beta users get basic support through the contact form.',
  },
];

export function BetaSection({ onJoin }: { onJoin: () => void }) {
  return (
    <Container id="beta" component="section" aria-labelledby="beta-title" size="lg" py={80}>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing={48}>
        <Card withBorder radius="md" padding="xl" shadow="sm">
          <Title id="beta-title" order={2} mb="xs">
            Beta program
          </Title>
          <Text c="dimmed" mb="lg">
            Join the free beta and help shape PlasTrace.
          </Text>
          <List
            spacing="sm"
            mb="xl"
            icon={
              <ThemeIcon size={22} radius="xl">
                <IconCheck size={14} aria-hidden />
              </ThemeIcon>
            }
          >
            {betaFacts.map((fact) => (
              <List.Item key={fact}>{fact}</List.Item>
            ))}
          </List>
          <Button size="md" onClick={onJoin}>
            Join the Beta
          </Button>
        </Card>
        <Stack>
          <Title order={3}>Frequently asked questions</Title>
          <Accordion variant="separated">
            {faq.map((item) => (
              <Accordion.Item key={item.question} value={item.question}>
                <Accordion.Control>{item.question}</Accordion.Control>
                <Accordion.Panel>{item.answer}</Accordion.Panel>
              </Accordion.Item>
            ))}
          </Accordion>
        </Stack>
      </SimpleGrid>
    </Container>
  );
}
