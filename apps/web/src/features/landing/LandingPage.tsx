import { Box } from '@mantine/core';
import { useState } from 'react';
import { flushSync } from 'react-dom';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useAuth } from '../../auth/AuthContext.ts';
import { afterSignInPath, type FromState } from '../../auth/RequireAuth.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { AuthLinkHandler, hasAuthLink } from '../auth/AuthLinkHandler.tsx';
import { LoginDialog } from '../auth/LoginDialog.tsx';
import { RegisterDialog } from '../auth/RegisterDialog.tsx';
import { AboutSection } from './AboutSection.tsx';
import { BetaSection } from './BetaSection.tsx';
import { HeroSection } from './HeroSection.tsx';
import { LandingFooter } from './LandingFooter.tsx';
import { LandingHeader } from './LandingHeader.tsx';
import { SolutionsSection } from './SolutionsSection.tsx';

type Dialog = 'login' | 'register' | null;

/** Location state other pages pass to open a dialog here (the /login page's 'Sign up here'). */
export interface LandingState extends FromState {
  dialog?: 'login' | 'register';
}

// A guarded page sent the user here: ask for sign-in at once, unless the session just expired (the
// Session Expired dialog is up, and its OK leads home).
function initialDialog(state: unknown, sessionExpired: boolean): Dialog {
  const landing = state as LandingState | null;
  if (landing?.dialog) return landing.dialog;
  return landing?.from && !sessionExpired ? 'login' : null;
}

/** The public landing page at / and /auth (spec §2). One dialog at a time: login or registration. */
export function LandingPage() {
  usePageTitle();
  const { isLoading, isAuthenticated, sessionExpired } = useAuth();
  const location = useLocation();
  const [params] = useSearchParams();
  const [dialog, setDialog] = useState<Dialog>(() => initialDialog(location.state, sessionExpired));
  const [loginNotice, setLoginNotice] = useState<string | null>(null);

  const openLogin = (notice?: string) => {
    setLoginNotice(notice ?? null);
    setDialog('login');
  };

  // Registered: close the dialog first so the alert shows over the page, then offer sign-in (spec §4).
  const handleRegistered = (message: string) => {
    flushSync(() => setDialog(null));
    window.alert(message);
    openLogin();
  };

  // A signed-in visitor goes straight on, unless a one-time link in the address is still to be used.
  if (!isLoading && isAuthenticated && !hasAuthLink(params)) {
    return <Navigate to={afterSignInPath(location.state)} replace />;
  }

  return (
    <Box>
      <LandingHeader onSignIn={() => openLogin()} onJoin={() => setDialog('register')} />
      <main>
        <HeroSection onJoin={() => setDialog('register')} />
        <AboutSection />
        <SolutionsSection />
        <BetaSection onJoin={() => setDialog('register')} />
      </main>
      <LandingFooter />
      <LoginDialog
        opened={dialog === 'login'}
        onClose={() => setDialog(null)}
        notice={loginNotice}
        onSwitchToRegister={() => setDialog('register')}
      />
      <RegisterDialog
        opened={dialog === 'register'}
        onClose={() => setDialog(null)}
        onRegistered={handleRegistered}
        onSwitchToLogin={() => openLogin()}
      />
      <AuthLinkHandler onOpenLogin={openLogin} />
    </Box>
  );
}
