const EM_PX = 16;
const PHONE_WIDTH = 390;

/** Whether a media query's min-width and max-width hold on a screen this many px wide (others: no). */
export function matchesWidth(query: string, width: number): boolean {
  const limits = [...query.matchAll(/\((min|max)-width:\s*([\d.]+)(px|em)\)/g)];
  if (limits.length === 0) return false;
  return limits.every(([, kind, value, unit]) => {
    const px = Number(value) * (unit === 'em' ? EM_PX : 1);
    return kind === 'min' ? width >= px : width <= px;
  });
}

/** Runs `fn` as on a phone (390 px wide): lists are cards (PHONE_QUERY), the sidebar a drawer. */
export async function onPhone<T>(fn: () => Promise<T>): Promise<T> {
  const wide = window.matchMedia;
  window.matchMedia = ((query: string) => ({
    ...wide(query),
    matches: matchesWidth(query, PHONE_WIDTH),
  })) as typeof wide;
  try {
    return await fn();
  } finally {
    window.matchMedia = wide;
  }
}
