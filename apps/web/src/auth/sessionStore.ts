import type { Camelize, User } from '@plastrace/shared';

/** The signed-in member as the web code sees it (the wire's User with camelCase keys). */
export type SessionUser = Camelize<User>;

export type SessionStatus = 'loading' | 'authenticated' | 'anonymous';

export interface SessionSnapshot {
  status: SessionStatus;
  token: string | null;
  user: SessionUser | null;
  /** Set when the session ended by itself (401, CSRF failure): the Session Expired dialog shows it. */
  expiredMessage: string | null;
}

export const STORAGE_KEYS = {
  token: 'plastrace.token',
  user: 'plastrace.user',
  lastRefresh: 'plastrace.lastSessionRefresh',
  explicitLogout: 'plastrace.explicitLogout',
} as const;

// Storage can throw (private browsing, disabled cookies); the app then works for this tab only.
function read(storage: Storage, key: string): string | null {
  try {
    return storage.getItem(key);
  } catch {
    return null;
  }
}
function write(storage: Storage, key: string, value: string): void {
  try {
    storage.setItem(key, value);
  } catch {
    // see read()
  }
}
function remove(key: string): void {
  for (const storage of [localStorage, sessionStorage]) {
    try {
      storage.removeItem(key);
    } catch {
      // see read()
    }
  }
}

/** The storage that holds the token: localStorage with 'Remember me', sessionStorage without. */
function tokenStorage(): Storage | null {
  if (read(localStorage, STORAGE_KEYS.token)) return localStorage;
  if (read(sessionStorage, STORAGE_KEYS.token)) return sessionStorage;
  return null;
}

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const user = JSON.parse(raw) as SessionUser | null;
    return user && typeof user === 'object' && typeof user.id === 'string' ? user : null;
  } catch {
    return null;
  }
}

const initial: SessionSnapshot = { status: 'loading', token: null, user: null, expiredMessage: null };
let snapshot: SessionSnapshot = initial;
const listeners = new Set<() => void>();

function update(next: Partial<SessionSnapshot>): void {
  snapshot = { ...snapshot, ...next };
  for (const listener of listeners) listener();
}

/**
 * The session outside React, so the API client can read the token and end the session on a 401.
 * Storage is the source of truth across reloads; the snapshot mirrors it for rendering.
 */
export const sessionStore = {
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  getSnapshot: (): SessionSnapshot => snapshot,

  /** The bearer token, readable before restore() ran (a request may start during start-up). */
  getToken(): string | null {
    if (snapshot.status !== 'loading') return snapshot.token;
    const storage = tokenStorage();
    return storage ? read(storage, STORAGE_KEYS.token) : null;
  },

  /** Start-up check (spec §4): a stored token means signed in; the stored user is kept if it parses. */
  restore(): void {
    const storage = tokenStorage();
    const token = storage ? read(storage, STORAGE_KEYS.token) : null;
    const user = storage ? parseUser(read(storage, STORAGE_KEYS.user)) : null;
    update({ status: token ? 'authenticated' : 'anonymous', token, user, expiredMessage: null });
  },

  signIn({ token, user, remember }: { token: string; user: SessionUser | null; remember: boolean }): void {
    for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.user, STORAGE_KEYS.lastRefresh]) remove(key);
    const storage = remember ? localStorage : sessionStorage;
    write(storage, STORAGE_KEYS.token, token);
    if (user) write(storage, STORAGE_KEYS.user, JSON.stringify(user));
    write(storage, STORAGE_KEYS.lastRefresh, String(Date.now()));
    remove(STORAGE_KEYS.explicitLogout);
    update({ status: 'authenticated', token, user, expiredMessage: null });
  },

  setUser(user: SessionUser): void {
    const storage = tokenStorage();
    if (!storage) return;
    write(storage, STORAGE_KEYS.user, JSON.stringify(user));
    update({ user });
  },

  setToken(token: string): void {
    const storage = tokenStorage();
    if (!storage || token === snapshot.token) return;
    write(storage, STORAGE_KEYS.token, token);
    update({ token });
  },

  /** When the session was last extended; a token stored by an older build counts as fresh. */
  getLastRefresh(): number {
    const storage = tokenStorage();
    const value = Number(storage ? read(storage, STORAGE_KEYS.lastRefresh) : null);
    return Number.isFinite(value) && value > 0 ? value : Date.now();
  },
  setLastRefresh(time: number): void {
    const storage = tokenStorage();
    if (storage) write(storage, STORAGE_KEYS.lastRefresh, String(time));
  },

  /** Clears token and user and sets the explicit-logout flag; `expiredMessage` opens the dialog. */
  signOut(expiredMessage: string | null = null): void {
    for (const key of [STORAGE_KEYS.token, STORAGE_KEYS.user, STORAGE_KEYS.lastRefresh]) remove(key);
    write(localStorage, STORAGE_KEYS.explicitLogout, 'true');
    update({ status: 'anonymous', token: null, user: null, expiredMessage });
  },

  /**
   * The server rejected `tokenUsed`. Only the session that sent it ends: a late 401 from a request
   * made before a sign-out (or by a previous user) must not end the current session.
   */
  expire(tokenUsed: string, message: string): void {
    if (snapshot.token !== tokenUsed && sessionStore.getToken() !== tokenUsed) return;
    sessionStore.signOut(message);
  },

  dismissExpired(): void {
    update({ expiredMessage: null });
  },

  isExplicitlyLoggedOut: (): boolean => read(localStorage, STORAGE_KEYS.explicitLogout) === 'true',

  /** Back to the state before start-up; the provider calls it on unmount (and so between tests). */
  reset(): void {
    snapshot = initial;
    for (const listener of listeners) listener();
  },
};
