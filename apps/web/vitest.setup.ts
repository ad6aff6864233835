import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';
import { matchesWidth } from './src/test/phone.ts';

// findBy*/waitFor give up after this long. Testing Library's 1 s default fails on a busy 2-core CI
// machine, where a Mantine page can take seconds to render in jsdom; 10 s is still well inside the
// 20 s test timeout (vite.config.ts), so a test that waits for nothing that comes still fails there,
// with Testing Library's message. Tests use Testing Library's waitFor, not vi.waitFor (1 s default).
configure({ asyncUtilTimeout: 10_000 });

// jsdom lacks the layout APIs Mantine relies on (color scheme and responsive hooks, ScrollArea). Width
// queries are answered for jsdom's 1024 px wide window (a desktop; test/phone.ts's onPhone: a phone's).
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: vi.fn().mockImplementation((query: string) => ({
    matches: matchesWidth(query, 1024),
    media: query,
    onchange: null,
    addEventListener: vi.fn(),
    removeEventListener: vi.fn(),
    addListener: vi.fn(),
    removeListener: vi.fn(),
    dispatchEvent: vi.fn(),
  })),
});

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
window.ResizeObserver = ResizeObserverStub;
// jsdom has no layout, so nothing to scroll (the router's ScrollRestoration scrolls on each page).
window.scrollTo = vi.fn() as unknown as typeof window.scrollTo;

afterEach(() => {
  cleanup();
  // A test that failed before restoring real timers must not leave fake ones to the next test.
  vi.useRealTimers();
});

// Each test starts with no stored session, CSRF token or explicit-logout flag.
afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});
