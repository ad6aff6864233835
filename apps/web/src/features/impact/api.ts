import type {
  ImpactPageInput,
  impactFiguresSchema,
  impactPageSchema,
  impactSchema,
  publicImpactSchema,
} from '@plastrace/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';

// /api/impact: the organization's environmental impact and its public page (docs/architecture.md,
// "Impact"). Figures are exact decimal strings; keys camelCased.

export type Impact = Wire<typeof impactSchema>;
export type ImpactFigures = Wire<typeof impactFiguresSchema>;
export type ImpactMonth = Impact['months'][number];
export type ImpactPage = Wire<typeof impactPageSchema>;
export type PublicImpact = Wire<typeof publicImpactSchema>;

export const impactKey = ['impact'] as const;

/** The range's figures; a range left out is the server's default (this year to today). */
export function useImpact(range: { from?: string; to?: string }) {
  return useQuery({
    queryKey: [...impactKey, 'figures', range.from ?? '', range.to ?? ''],
    queryFn: ({ signal }) => api.get<Impact>('/impact', { signal, query: range }),
    placeholderData: keepPreviousData,
  });
}

export function useImpactPage() {
  return useQuery({
    queryKey: [...impactKey, 'page'],
    queryFn: ({ signal }) => api.get<ImpactPage>('/impact/page', { signal }),
  });
}

/** Publishes or unpublishes; the answer is the page as saved, so no reload is needed. */
export function useSaveImpactPage() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: ImpactPageInput) => api.put<ImpactPage>('/impact/page', body),
    onSuccess: (page) => client.setQueryData([...impactKey, 'page'], page),
  });
}

/** Anyone with the link: no session, only what the organization chose to publish. */
export function usePublicImpact(slug: string) {
  return useQuery({
    queryKey: ['public-impact', slug],
    queryFn: ({ signal }) =>
      api.get<PublicImpact>(`/public/impact/${encodeURIComponent(slug)}`, { signal, auth: false }),
  });
}
