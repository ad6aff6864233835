import type { OrganizationLogo } from '@plastrace/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, buildUrl } from '../../api/client.ts';
import { fetchFile } from '../../api/download.ts';

// /api/organization/logo: the logo printed on the organization's certificates. The image is behind the
// session, so it is fetched with it (an <img src> could not send the token) and shown from a Blob.

export const logoKey = ['organization', 'logo'] as const;

/** The logo's image, or null when none is set. */
export function useLogo() {
  return useQuery({
    queryKey: logoKey,
    queryFn: async ({ signal }) => {
      // 204 when none is set.
      const res = await fetchFile(buildUrl('/organization/logo', {}), signal);
      return res.status === 204 ? null : await res.blob();
    },
  });
}

export function useUploadLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const form = new FormData();
      form.append('logo', file, file.name);
      return api.put<OrganizationLogo>('/organization/logo', form);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: logoKey }),
  });
}

export function useRemoveLogo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.delete<null>('/organization/logo'),
    onSuccess: () => queryClient.setQueryData(logoKey, null),
  });
}
