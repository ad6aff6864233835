import { Anchor, Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../../layout/pageTitle.ts';

const quickLinks = [
  { label: 'Receive records', path: '/receive-records' },
  { label: 'Analytics', path: '/analytics' },
  { label: 'Settings', path: '/settings' },
];

/** `inShell`: inside the signed-in layout, whose own <main> holds it. */
export function NotFoundPage({ inShell = false }: { inShell?: boolean }) {
  usePageTitle('Page not found');
  return (
    <Container component={inShell ? 'div' : 'main'} size="sm" py={inShell ? 48 : 96}>
      <Stack align="center" ta="center" gap="lg">
        <Text fz={96} fw={900} lh={1} c="brand.7" aria-hidden>
          404
        </Text>
        <Title order={1}>Oops! Page Not Found</Title>
        <Text c="dimmed">The page you are looking for does not exist or has been moved.</Text>
        <Group justify="center">
          <Button component={Link} to="/">
            Go Home
          </Button>
          {/* Also to / as the spec says: / sends a signed-in user on to the dashboard. */}
          <Button component={Link} to="/" variant="default">
            Back to Dashboard
          </Button>
        </Group>
        <nav aria-label="Quick links">
          <Group justify="center" gap="lg">
            {quickLinks.map((link) => (
              <Anchor key={link.path} component={Link} to={link.path}>
                {link.label}
              </Anchor>
            ))}
          </Group>
        </nav>
        <Text size="sm" c="dimmed">
          Need help? Contact support through{' '}
          <Anchor component={Link} to="/contact?topic=support">
            the contact form
          </Anchor>
          .
        </Text>
      </Stack>
    </Container>
  );
}
