import { Anchor, List, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { usePageTitle } from '../../layout/pageTitle.ts';

/**
 * /settings/security: what protects an account today and where to manage it. Only what exists is
 * offered; two-step verification is described as not available rather than shown as a dead toggle.
 */
export function SecuritySettings() {
  usePageTitle('Security settings');
  return (
    <Stack gap="md">
      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="security-password">
        <Title order={2} fz="h4" id="security-password" mb="xs">
          Password
        </Title>
        <Text size="sm" mb="xs">
          Passwords have at least 8 characters, and common passwords are refused. Changing yours signs out
          every other device.
        </Text>
        <Anchor component={Link} to="/profile#password" size="sm">
          Change your password
        </Anchor>
      </Paper>

      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="security-sessions">
        <Title order={2} fz="h4" id="security-sessions" mb="xs">
          Sessions
        </Title>
        <List size="sm" spacing={4} mb="xs">
          <List.Item>Each sign-in creates a session for that browser or device.</List.Item>
          <List.Item>
            A session ends after 24 hours without use, and in any case 30 days after signing in; while you use
            the app it is extended automatically.
          </List.Item>
          <List.Item>Without “Remember me” the session is forgotten when the browser is closed.</List.Item>
          <List.Item>
            Signing out, or an administrator deactivating your account, ends sessions at once.
          </List.Item>
        </List>
        <Anchor component={Link} to="/profile#sessions" size="sm">
          See and sign out your sessions
        </Anchor>
      </Paper>

      <Paper withBorder radius="md" p="lg" component="section" aria-labelledby="security-2fa">
        <Title order={2} fz="h4" id="security-2fa" mb="xs">
          Two-step verification
        </Title>
        <Text size="sm">
          Not available yet. Until it is, use a password you use nowhere else, and check your sessions from
          time to time. Sign-in links sent by email (magic links) work once and expire within 15 minutes.
        </Text>
      </Paper>
    </Stack>
  );
}
