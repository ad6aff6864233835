import { Avatar, Button, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { memberRoleLabel } from '@plastrace/shared';
import { IconChevronDown, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../auth/AuthContext.ts';

/** The header's user menu: name and role with 'Sign out', or a sign-in link when signed out. */
export function UserMenu() {
  const { user, isAuthenticated, logout } = useAuth();
  const navigate = useNavigate();
  const [signingOut, setSigningOut] = useState(false);

  if (!isAuthenticated) {
    return (
      <Button component={Link} to="/auth" variant="default" size="xs">
        Sign In
      </Button>
    );
  }

  const name = user ? `${user.firstName} ${user.lastName}`.trim() : 'Signed in';
  const role = user ? memberRoleLabel(user.role) : '';

  async function signOut() {
    setSigningOut(true);
    await logout();
    navigate('/', { replace: true });
  }

  return (
    <Menu position="bottom-end" width={200}>
      <Menu.Target>
        {/* Named by what it shows, name and role (WCAG 2.5.3), then by what it opens. */}
        <UnstyledButton disabled={signingOut}>
          <Group gap="xs" wrap="nowrap">
            <Avatar size="sm" radius="xl" color="teal" name={name} aria-hidden />
            <div>
              <Text size="sm" fw={600} lh={1.2}>
                {name}
              </Text>
              {role && (
                <Text size="xs" c="dimmed" lh={1.2}>
                  {role}
                </Text>
              )}
            </div>
            <VisuallyHidden>, account menu</VisuallyHidden>
            <IconChevronDown size={14} aria-hidden />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconLogout size={16} aria-hidden />} onClick={signOut}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
