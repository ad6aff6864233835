import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../layout/pageTitle.ts';

/** Since 2024 (spec §2), through the current year. */
function copyrightYears() {
  const year = new Date().getFullYear();
  return year > 2024 ? `2024–${year}` : '2024';
}

// Spec §2: /contact, /help and /status. /help is the members' help (a visitor is asked to sign in),
// so the public help centre has a link of its own.
const links = [
  { label: 'Contact', path: '/contact' },
  { label: 'Help', path: '/help' },
  { label: 'Help centre', path: '/help-center' },
  { label: 'Status', path: '/status' },
  { label: 'Blog', path: '/blog' },
  { label: 'Privacy', path: '/privacy' },
  { label: 'Terms', path: '/terms' },
];

export function LandingFooter() {
  return (
    <Box component="footer" py="xl" bg="dark.8" c="gray.3">
      <Container size="lg">
        <Group justify="space-between">
          <Text size="sm">
            © {copyrightYears()} {PRODUCT_NAME}. All rights reserved.
          </Text>
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
