import { createContext, useContext } from 'react';
import type { LoginInput, SessionResponse } from './authApi.ts';
import type { SessionStatus, SessionUser } from './sessionStore.ts';
import type { TransactionLogInput } from './transactionLog.ts';

export type SignInMethod = 'password' | 'magic_link';

export interface AuthContextValue {
  status: SessionStatus;
  /** True while the stored session is being checked at start-up. */
  isLoading: boolean;
  isAuthenticated: boolean;
  user: SessionUser | null;
  /** True while the Session Expired dialog is showing. */
  sessionExpired: boolean;
  /** Signs in with email and password; throws what the login dialog turns into a message. */
  login: (input: LoginInput) => Promise<void>;
  /** Stores a session the server handed out (login, magic link) and logs the sign-in. */
  completeSignIn: (response: SessionResponse, remember: boolean, method: SignInMethod) => Promise<void>;
  logout: () => Promise<void>;
  /** Queues an activity-log entry (spec §4 transaction logging). */
  logTransaction: (entry: TransactionLogInput) => void;
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const context = useContext(AuthContext);
  if (!context) throw new Error('useAuth must be used inside <AuthProvider>');
  return context;
}
