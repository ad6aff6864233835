import { Box } from '@mantine/core';
import { lazy, Suspense, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import { Navigate, useLocation, useSearchParams } from 'react-router';
import { useAuth } from '../../auth/AuthContext.ts';
import { afterSignInPath, type FromState } from '../../auth/RequireAuth.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { hasAuthLink } from '../auth/authLinks.ts';
import { AboutSection } from './AboutSection.tsx';
import { BetaSection } from './BetaSection.tsx';
import { HeroSection } from './HeroSection.tsx';
import { LandingFooter } from './LandingFooter.tsx';
import { LandingHeader } from './LandingHeader.tsx';
import { SolutionsSection } from './SolutionsSection.tsx';

// Loaded when first needed: most visitors read the page and never open a form, and a first visit
// should not download the forms, their validation and Mantine's modal machinery (issue target: ≤ 150 kB
// of JavaScript for /, checked by e2e/weight.e2e.ts).
const LoginDialog = lazy(() => import('../auth/LoginDialog.tsx').then((m) => ({ default: m.LoginDialog })));
const RegisterDialog = lazy(() =>
  import('../auth/RegisterDialog.tsx').then((m) => ({ default: m.RegisterDialog })),
);
const AuthLinkHandler = lazy(() =>
  import('../auth/AuthLinkHandler.tsx').then((m) => ({ default: m.AuthLinkHandler })),
);

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
  // A one-time link is handled to the end (its dialogs outlive the token, which it removes from the address).
  const authLink = useRef(false);
  if (hasAuthLink(params)) authLink.current = true;

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
      <Suspense fallback={null}>
        {dialog === 'login' && (
          <LoginDialog
            opened
            onClose={() => setDialog(null)}
            notice={loginNotice}
            onSwitchToRegister={() => setDialog('register')}
          />
        )}
        {dialog === 'register' && (
          <RegisterDialog
            opened
            onClose={() => setDialog(null)}
            onRegistered={handleRegistered}
            onSwitchToLogin={() => openLogin()}
          />
        )}
        {authLink.current && <AuthLinkHandler onOpenLogin={openLogin} />}
      </Suspense>
    </Box>
  );
}
