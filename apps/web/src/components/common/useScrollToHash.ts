import { useEffect } from 'react';
import { useLocation } from 'react-router';

/**
 * Scrolls to the element named by the URL's #hash once the page has rendered it. The router does
 * not do this by itself (links such as /profile#password or /help#roles).
 */
export function useScrollToHash(ready = true) {
  const { hash } = useLocation();
  useEffect(() => {
    if (!ready || !hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView?.({ block: 'start' });
  }, [ready, hash]);
}
