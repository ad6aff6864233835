import { Anchor, Container, Paper, Stack, Title } from '@mantine/core';
import { Link, Navigate, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../auth/AuthContext.ts';
import { PRODUCT_NAME, usePageTitle } from '../../layout/pageTitle.ts';
import type { LandingState } from '../landing/LandingPage.tsx';
import { SignInPanel } from './SignInPanel.tsx';

/** Router state of /login, as the invitation screen passes it after creating the account. */
export interface LoginPageState {
  message?: string;
  email?: string;
}

/** Sign-in as a page (spec §2: the invitation screen sends new members here). */
export function LoginPage() {
  usePageTitle('Sign in');
  const { isLoading, isAuthenticated } = useAuth();
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as LoginPageState;

  if (!isLoading && isAuthenticated) return <Navigate to="/dashboard" replace />;

  return (
    <Container component="main" size={440} py={80}>
      <Stack gap="lg">
        <Anchor component={Link} to="/" fw={800} fz="xl" ta="center" underline="never">
          {PRODUCT_NAME}
        </Anchor>
        <Paper withBorder shadow="sm" radius="md" p="xl">
          <Title order={1} fz="h2" mb="md">
            Welcome Back
          </Title>
          {/* The passed message is the form's info message: cleared on the next attempt (spec §4). */}
          <SignInPanel
            initialEmail={state.email ?? ''}
            notice={state.message}
            onSwitchToRegister={() =>
              navigate('/auth', { state: { dialog: 'register' } satisfies LandingState })
            }
            onSignedIn={() => navigate('/dashboard', { replace: true })}
          />
        </Paper>
      </Stack>
    </Container>
  );
}
