import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
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

describe('ToastProvider', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows one toast at a time: a new one replaces the older one', () => {
    const area = renderToasts();

    fireEvent.click(screen.getByText('first'));
    expect(area).toHaveTextContent('First');
    fireEvent.click(screen.getByText('second'));

    expect(area).toHaveTextContent('Second');
    expect(area).not.toHaveTextContent('First');
  });

  it('removes a dismissed toast after a short delay', () => {
    const area = renderToasts();
    fireEvent.click(screen.getByText('first'));

    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    act(() => vi.advanceTimersByTime(TOAST_REMOVE_DELAY_MS - 1));
    expect(area.querySelectorAll('[data-toast-id]')).toHaveLength(1);
    act(() => vi.advanceTimersByTime(1));

    expect(area.querySelectorAll('[data-toast-id]')).toHaveLength(0);
  });

  it('dismisses a toast by itself after a while', () => {
    const area = renderToasts();
    fireEvent.click(screen.getByText('first'));

    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS + TOAST_REMOVE_DELAY_MS));

    expect(area).not.toHaveTextContent('First');
  });
});
