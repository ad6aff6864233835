// Test helper (not imported by app code).
import { vi } from 'vitest';

/**
 * Fake timers whose clock moves only when the test moves it, never with the wall clock: a test can
 * then check "not yet after 2.9 s, done at 3 s" however long a loaded machine takes between two
 * lines. Testing Library's findBy/waitFor move the clock themselves while they wait (50 ms a poll,
 * up to the same asyncUtilTimeout), which they do only when they see Jest's fake timers; the `jest`
 * stub makes them see these. vitest.setup.ts restores real timers and unstubs `jest` after each test.
 * For user-event, pass `advanceTimers: vi.advanceTimersByTime` to `userEvent.setup`.
 */
export function useControlledTimers(): void {
  vi.useFakeTimers();
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
}
