import { PHONE_QUERY } from '../components/common/CardList.tsx';

/** Runs `fn` as on a phone: the phone media query matches while it runs. */
export async function onPhone<T>(fn: () => Promise<T>): Promise<T> {
  const wide = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    ...wide(query),
    matches: query === PHONE_QUERY,
  })) as typeof wide;
  try {
    return await fn();
  } finally {
    window.matchMedia = wide;
  }
}
