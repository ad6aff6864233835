import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client.ts';
import { type MarketListing, marketKey, publicMarketKey } from './api.ts';

// A listing's photos (server: modules/market/listings.photos.ts): only the owner adds and removes them.

/** A photo over a weak mobile signal takes far longer than the usual 30 s limit of a POST. */
const UPLOAD_TIMEOUT_MS = 180_000;

/** Each change moves the listing's version and shows in the members' and the public browse. */
function usePhotoMutation<V>(request: (vars: V) => Promise<MarketListing>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: () =>
      Promise.all([marketKey, publicMarketKey].map((queryKey) => client.invalidateQueries({ queryKey }))),
  });
}

/** Adds the chosen files in one upload; the answer is the listing with its new version. */
export const useAddListingPhotos = () =>
  usePhotoMutation(({ id, files }: { id: string; files: File[] }) => {
    const form = new FormData();
    for (const f of files) form.append('photos', f, f.name);
    return api.upload<MarketListing>(`/market/listings/${encodeURIComponent(id)}/photos`, form, {
      timeoutMs: UPLOAD_TIMEOUT_MS,
    });
  });

export const useRemoveListingPhoto = () =>
  usePhotoMutation(({ id, fileId }: { id: string; fileId: string }) =>
    api.delete<MarketListing>(
      `/market/listings/${encodeURIComponent(id)}/photos/${encodeURIComponent(fileId)}`,
    ),
  );

/** The file id is the url's last segment (…/photos/:fileId). */
export const fileIdOf = (url: string) => url.split('/').pop() ?? '';
