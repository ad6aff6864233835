import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { TOAST_DURATION_MS, TOAST_REMOVE_DELAY_MS, ToastProvider, useToast } from './ToastProvider.tsx';

function Buttons() {
  const { showToast } = useToast();
  return (
    <>
      <button type="button" onClick={() => showToast({ message: 'First' })}>
        first
      </button>
      <button type="button" onClick={() => showToast({ message: 'Second', color: 'red' })}>
        second
      </button>
    </>
  );
}

function renderToasts() {
  render(
    <MantineProvider env="test">
      <ToastProvider>
        <Buttons />
      </ToastProvider>
    </MantineProvider>,
  );
  return screen.getByRole('status', { name: 'Notifications' });
}

/** Clicks a button that shows a toast, then lets the lazily loaded toast area draw it. */
async function show(label: string) {
  fireEvent.click(screen.getByText(label));
  await act(async () => {
    await import('./ToastArea.tsx');
  });
}

describe('ToastProvider', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows one toast at a time: a new one replaces the older one', async () => {
    const area = renderToasts();

    await show('first');
    expect(area).toHaveTextContent('First');
    await show('second');

    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS));
    expect(within(area).getByRole('alert')).toHaveTextContent('Second');
    expect(area).not.toHaveTextContent('First');
  });

  it('removes a dismissed toast after a short delay, once it has faded out', async () => {
    const area = renderToasts();
    await show('first');
    expect(within(area).getByRole('alert')).toHaveTextContent('First');

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1));
    // Fading out: still in the page, no longer announced.
    expect(area).toHaveTextContent('First');
    act(() => vi.advanceTimersByTime(1));

    expect(within(area).queryAllByRole('alert', { hidden: true })).toHaveLength(0);
    expect(area).not.toHaveTextContent('First');
  });

  it('dismisses a toast by itself after a while', async () => {
    const area = renderToasts();
    await show('first');

    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 1));
    expect(area).toHaveTextContent('First');
    act(() => vi.advanceTimersByTime(1));
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS));

    expect(area).not.toHaveTextContent('First');
  });
});
