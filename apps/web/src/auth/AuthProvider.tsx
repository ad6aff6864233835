import { useQueryClient } from '@tanstack/react-query';
import {
  lazy,
  type ReactNode,
  Suspense,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';
import { api } from '../api/client.ts';
import { useToast } from '../components/toast/ToastProvider.tsx';
import { AuthContext, type AuthContextValue, type SignInMethod } from './AuthContext.ts';
import { fetchCurrentUser, type LoginInput, requestLogin, type SessionResponse } from './authApi.ts';
import { useCsrfRefresh, useSessionRefresh } from './backgroundTasks.ts';
import { sessionStore } from './sessionStore.ts';
import { type TransactionLogInput, transactionLog } from './transactionLog.ts';

// Loaded when a session expires: a first visit of the landing page should not download Mantine's modal.
const SessionExpiredDialog = lazy(() =>
  import('./SessionExpiredDialog.tsx').then((m) => ({ default: m.SessionExpiredDialog })),
);

const restoreOnce = () => {
  if (sessionStore.getSnapshot().status === 'loading') sessionStore.restore();
};

/** Sign-out waits at most this long for queued activity entries, so it never hangs on a slow server. */
const LOGOUT_FLUSH_WAIT_MS = 3_000;

/**
 * The authentication state of spec §4: restores the stored session at start-up, signs in and out,
 * runs the CSRF and session refreshers and the activity-log queue, and shows the Session Expired
 * dialog when a call ends the session. Must sit inside the router (the dialog navigates).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  // The stored session is read before the first render, not only in an effect: a store that changes after
  // mount is rendered synchronously by React, so the whole signed-in app mounted in one long task (~400 ms
  // on a phone, most of Lighthouse's blocking time) instead of in the router's sliced transition.
  useState(restoreOnce);
  const session = useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot);
  const queryClient = useQueryClient();
  const { showToast } = useToast();

  useEffect(() => {
    // Again after a remount (React's development double mount resets the store on unmount).
    restoreOnce();
    transactionLog.start();
    return () => {
      transactionLog.stop();
      transactionLog.clear();
      sessionStore.reset();
    };
  }, []);

  // A stored token without a readable user (spec §4): fetch the user. A 401 ends the session.
  useEffect(() => {
    if (session.status !== 'authenticated' || session.user) return;
    fetchCurrentUser()
      .then((user) => {
        if (sessionStore.getSnapshot().token === session.token) sessionStore.setUser(user);
      })
      .catch(() => {});
  }, [session.status, session.user, session.token]);

  // Whatever ended a session, the next person at this browser must not see its cached data.
  const previousStatus = useRef(session.status);
  useEffect(() => {
    if (previousStatus.current === 'authenticated' && session.status === 'anonymous') {
      queryClient.clear();
      transactionLog.clear();
    }
    previousStatus.current = session.status;
  }, [session.status, queryClient]);

  useCsrfRefresh();
  useSessionRefresh(session.status === 'authenticated');

  const completeSignIn = useCallback(
    async (response: SessionResponse, remember: boolean, method: SignInMethod) => {
      sessionStore.signIn({ token: response.session.accessToken, user: response.user ?? null, remember });
      let user = response.user ?? null;
      if (!user) {
        user = await fetchCurrentUser().catch(() => null);
        if (user) sessionStore.setUser(user);
      }
      transactionLog.log({
        userId: user?.id,
        transactionType: 'LOGIN',
        description:
          method === 'magic_link' ? 'Signed in with a magic link' : 'Signed in with email and password',
        metadata: { method },
      });
      showToast({ message: user ? `Welcome back, ${user.firstName}.` : 'You are signed in.' });
    },
    [showToast],
  );

  const login = useCallback(
    async (input: LoginInput) => {
      const response = await requestLogin(input);
      await completeSignIn(response, input.rememberMe, 'password');
    },
    [completeSignIn],
  );

  const logout = useCallback(async () => {
    const { user } = sessionStore.getSnapshot();
    transactionLog.log({ userId: user?.id, transactionType: 'LOGOUT', description: 'Signed out' });
    // The LOGOUT entry (and anything queued) must go out while the token is still valid.
    await Promise.race([
      transactionLog.flush(),
      new Promise((resolve) => setTimeout(resolve, LOGOUT_FLUSH_WAIT_MS)),
    ]);
    // A failed server call changes nothing for the user: the token is forgotten here either way.
    await api.post('/auth/logout', undefined, { endSessionOnFailure: false }).catch(() => {});
    // Spec §4 lists logout among the transitions that open the Session Expired dialog; telling someone
    // who just chose to sign out that their session "has expired" is wrong, so a deliberate sign-out
    // confirms with a toast. 401s and unrecoverable CSRF failures do open the dialog.
    sessionStore.signOut();
    showToast({ message: 'You have been signed out.' });
  }, [showToast]);

  const logTransaction = useCallback((entry: TransactionLogInput) => transactionLog.log(entry), []);

  const value = useMemo<AuthContextValue>(
    () => ({
      status: session.status,
      isLoading: session.status === 'loading',
      isAuthenticated: session.status === 'authenticated',
      user: session.user,
      sessionExpired: session.expiredMessage !== null,
      login,
      completeSignIn,
      logout,
      logTransaction,
    }),
    [session.status, session.user, session.expiredMessage, login, completeSignIn, logout, logTransaction],
  );

  return (
    <AuthContext.Provider value={value}>
      {children}
      {session.expiredMessage !== null && (
        <Suspense fallback={null}>
          <SessionExpiredDialog message={session.expiredMessage} onConfirm={sessionStore.dismissExpired} />
        </Suspense>
      )}
    </AuthContext.Provider>
  );
}
