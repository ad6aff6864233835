import { Anchor, Box, Container, Group, Text } from '@mantine/core';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../layout/pageTitle.ts';

const links = [
  { label: 'Contact', path: '/contact' },
  { label: 'Help', path: '/help' },
  { label: 'Status', path: '/status' },
];

export function LandingFooter() {
  return (
    <Box component="footer" py="xl" bg="dark.8" c="gray.3">
      <Container size="lg">
        <Group justify="space-between">
          <Text size="sm">© 2024 {PRODUCT_NAME}. All rights reserved.</Text>
          <Group component="nav" aria-label="Footer" gap="lg">
            {links.map((link) => (
              <Anchor key={link.path} component={Link} to={link.path} c="gray.3" size="sm">
                {link.label}
              </Anchor>
            ))}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}
