import { Anchor, Box, Button, Container, Group } from '@mantine/core';
import { Link, NavLink, Outlet } from 'react-router';
import { useAuth } from '../../auth/AuthContext.ts';
import { PRODUCT_NAME } from '../../layout/pageTitle.ts';
import { LandingFooter } from '../landing/LandingFooter.tsx';
import type { LandingState } from '../landing/LandingPage.tsx';

const links = [
  { label: 'Features', path: '/features' },
  { label: 'About', path: '/about' },
  { label: 'Help', path: '/help-center' },
  { label: 'Contact', path: '/contact' },
];

/** The frame of the public information pages: the landing page's look, without its sections. */
export function PublicLayout() {
  const { isAuthenticated } = useAuth();
  return (
    <Box mih="100vh" display="flex" style={{ flexDirection: 'column' }}>
      <Box component="header" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
        <Container size="lg" py="sm">
          <Group justify="space-between" gap="sm">
            <Anchor component={Link} to="/" fw={800} fz="xl" c="teal.7" underline="never">
              {PRODUCT_NAME}
            </Anchor>
            <Group gap="xs" wrap="nowrap">
              {isAuthenticated ? (
                <Button component={Link} to="/dashboard">
                  Open PlasTrace
                </Button>
              ) : (
                <>
                  <Button
                    component={Link}
                    to="/auth"
                    state={{ dialog: 'login' } satisfies LandingState}
                    variant="default"
                  >
                    Sign In
                  </Button>
                  <Button
                    component={Link}
                    to="/auth"
                    state={{ dialog: 'register' } satisfies LandingState}
                    visibleFrom="xs"
                  >
                    Get Beta Access
                  </Button>
                </>
              )}
            </Group>
          </Group>
          <Group component="nav" aria-label="Site" gap="lg" mt="xs">
            {links.map((link) => (
              <Anchor key={link.path} component={NavLink} to={link.path} c="dark" fw={500} size="sm">
                {link.label}
              </Anchor>
            ))}
          </Group>
        </Container>
      </Box>
      <Box component="main" flex={1} py="xl">
        <Outlet />
      </Box>
      <LandingFooter />
    </Box>
  );
}
