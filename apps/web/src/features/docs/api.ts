import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client.ts';

export type OpenApiDocument = Record<string, unknown>;

export const openApiDocumentKey = ['openapi-document'] as const;

export function useOpenApiDocument() {
  return useQuery({
    queryKey: openApiDocumentKey,
    // The document's keys are data (schema property names), so they are read as sent.
    queryFn: ({ signal }) => api.get<OpenApiDocument>('/openapi.json', { signal, rawResponseBody: true }),
    // The document changes only with a deploy; refetching on focus would re-render the whole reference.
    staleTime: Number.POSITIVE_INFINITY,
  });
}
