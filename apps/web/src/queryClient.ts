import { QUERY_GC_TIME_MS, QUERY_RETRY, queryRetryDelay } from '@plastrace/shared';
import { QueryClient } from '@tanstack/react-query';
import { isRetryable } from './components/common/apiErrors.ts';

/**
 * The data-cache defaults of spec §9. Only queries retry, and only what may pass on a second try
 * (network and server errors, timeouts, rate limits): a 404 or a refused id answers at once instead of
 * after three backoffs. Repeating a mutation could post the same record twice, so mutations keep
 * TanStack's default of no retry.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => failures < QUERY_RETRY && isRetryable(error),
        retryDelay: queryRetryDelay,
        gcTime: QUERY_GC_TIME_MS,
      },
    },
  });
}
