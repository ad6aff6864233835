import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { useAuth } from '../../auth/AuthContext.ts';
import { PRODUCT_NAME } from '../../layout/pageTitle.ts';

export function LandingFooter() {
  const { isAuthenticated } = useAuth();
  const links = [
    { label: 'Contact', path: '/contact' },
    // /help needs a session: a visitor gets the public help centre instead of a sign-in prompt.
    { label: 'Help', path: isAuthenticated ? '/help' : '/help-center' },
    { label: 'Status', path: '/status' },
    { label: 'Privacy', path: '/privacy' },
    { label: 'Terms', path: '/terms' },
  ];
  return (
    <Box component="footer" py="xl" bg="dark.8" c="gray.3">
      <Container size="lg">
        <Group justify="space-between">
          <Text size="sm">© 2024 {PRODUCT_NAME}. All rights reserved.</Text>
          <Group component="nav" aria-label="Footer" gap="lg">
            {links.map((link) => (
              <Anchor key={link.label} component={Link} to={link.path} c="gray.3" size="sm">
                {link.label}
              </Anchor>
            ))}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
