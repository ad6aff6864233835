import { afterEach, describe, expect, it } from 'vitest';
import { sessionUser, storeSession } from '../test/fakeApi.ts';
import { sessionStore } from './sessionStore.ts';

describe('sessionStore', () => {
  afterEach(() => {
    sessionStore.reset();
  });

  it('is loading until restored; a stored token then means signed in, with the stored user', () => {
    storeSession('token-1');
    expect(sessionStore.getSnapshot().status).toBe('loading');
    expect(sessionStore.getToken()).toBe('token-1');

    sessionStore.restore();

    expect(sessionStore.getSnapshot()).toMatchObject({
      status: 'authenticated',
      token: 'token-1',
      user: sessionUser,
    });
  });

  it('restores a token without a user when the stored user does not parse', () => {
    localStorage.setItem('plastrace.token', 'token-1');
    localStorage.setItem('plastrace.user', '{not json');

    sessionStore.restore();

    expect(sessionStore.getSnapshot()).toMatchObject({ status: 'authenticated', user: null });
  });

  it("keeps the session in sessionStorage without 'Remember me', and clears the logout flag", () => {
    localStorage.setItem('plastrace.explicitLogout', 'true');

    sessionStore.signIn({ token: 'tab-only', user: sessionUser, remember: false });

    expect(sessionStorage.getItem('plastrace.token')).toBe('tab-only');
    expect(JSON.parse(sessionStorage.getItem('plastrace.user') ?? 'null')).toEqual(sessionUser);
    expect(localStorage.getItem('plastrace.token')).toBeNull();
    expect(sessionStore.isExplicitlyLoggedOut()).toBe(false);
    sessionStore.restore();
    expect(sessionStore.getSnapshot().token).toBe('tab-only');
  });

  it('signs out: clears token and user everywhere and sets the explicit-logout flag', () => {
    sessionStore.signIn({ token: 't', user: sessionUser, remember: true });

    sessionStore.signOut();

    expect(sessionStore.getSnapshot()).toMatchObject({
      status: 'anonymous',
      token: null,
      user: null,
      expiredMessage: null,
    });
    expect(localStorage.getItem('plastrace.token')).toBeNull();
    expect(localStorage.getItem('plastrace.user')).toBeNull();
    expect(sessionStore.isExplicitlyLoggedOut()).toBe(true);
  });

  it('expires only the session whose token was rejected', () => {
    sessionStore.signIn({ token: 'current', user: null, remember: true });

    sessionStore.expire('previous', 'Your session has expired. Please log in again.');
    expect(sessionStore.getSnapshot().status).toBe('authenticated');

    sessionStore.expire('current', 'Your session has expired. Please log in again.');
    expect(sessionStore.getSnapshot()).toMatchObject({
      status: 'anonymous',
      expiredMessage: 'Your session has expired. Please log in again.',
    });
  });
});
