import { QUERY_GC_TIME_MS, QUERY_RETRY, queryRetryDelay } from '@plastrace/shared';
import { QueryClient } from '@tanstack/react-query';

/**
 * The data-cache defaults of spec §9. Only queries retry: repeating a mutation could
 * post the same record twice, so mutations keep TanStack's default of no retry.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: QUERY_RETRY,
        retryDelay: queryRetryDelay,
        gcTime: QUERY_GC_TIME_MS,
      },
    },
  });
}
