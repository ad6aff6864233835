import { PHOTO_MAX_BYTES, PHOTO_MAX_PER_RECORD } from '@plastrace/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../api/client.ts';
import { fetchFile } from '../../api/download.ts';
import { errorMessage } from '../../api/errors.ts';
import type { ReceiveRecord } from './api.ts';

export type ReceivePhoto = ReceiveRecord['photos'][number];
/** The records that have photos: the API path of each, which is also its query key. */
export type PhotoResource = 'receive-records' | 'production-records' | 'dispatch-records';
/** What a record with photos answers after one is added or removed. */
type WithPhotos = { id: string; number: string; photos: ReceivePhoto[] };

const MB = PHOTO_MAX_BYTES / (1024 * 1024);
/** A 10 MB photo over a weak mobile signal takes far longer than the usual 30 s limit of a POST. */
const UPLOAD_TIMEOUT_MS = 180_000;

function useStoreRecord(resource: PhotoResource) {
  const queryClient = useQueryClient();
  return (record: WithPhotos) => {
    queryClient.setQueryData([resource, 'one', record.id], record);
    void queryClient.invalidateQueries({ queryKey: [resource, 'list'] });
  };
}

export function useRemovePhoto(resource: PhotoResource = 'receive-records') {
  const store = useStoreRecord(resource);
  return useMutation({
    mutationFn: ({ recordId, photoId }: { recordId: string; photoId: string }) =>
      api.delete<WithPhotos>(`/${resource}/${recordId}/photos/${photoId}`),
    onSuccess: store,
  });
}

export type PendingStatus = 'waiting' | 'uploading' | 'done' | 'failed';
export interface PendingPhoto {
  key: string;
  file: File;
  /** A local object URL for the preview, revoked when the photo leaves the list. */
  preview: string;
  status: PendingStatus;
  error?: string;
}

let seq = 0;

/**
 * Photos picked on the phone, waiting to go to a saved draft, and their upload one by one (so each
 * shows its own state, and a bad one does not sink the others). Files the server would refuse for
 * size, type or count are turned away at once, with a reason, instead of after a slow upload.
 */
export function usePhotoUploads({
  alreadyAttached = 0,
  autoUploadTo,
  resource = 'receive-records',
}: {
  alreadyAttached?: number;
  /** A saved draft's id: each photo goes up as soon as it is picked (the detail page). */
  autoUploadTo?: string;
  resource?: PhotoResource;
} = {}) {
  const [items, setItems] = useState<PendingPhoto[]>([]);
  const [refused, setRefused] = useState<string[]>([]);
  const store = useStoreRecord(resource);
  const itemsRef = useRef(items);
  itemsRef.current = items;
  const running = useRef(false);

  // The previews die with the form.
  useEffect(
    () => () => {
      for (const i of itemsRef.current) URL.revokeObjectURL(i.preview);
    },
    [],
  );

  const patch = (key: string, change: Partial<PendingPhoto>) =>
    setItems((list) => list.map((i) => (i.key === key ? { ...i, ...change } : i)));

  const add = useCallback(
    (files: File[]) => {
      const reasons: string[] = [];
      const room = PHOTO_MAX_PER_RECORD - alreadyAttached - itemsRef.current.length;
      const accepted = files.filter((f) => {
        if (f.type && !f.type.startsWith('image/')) reasons.push(`“${f.name}” is not a photo.`);
        else if (f.size > PHOTO_MAX_BYTES) reasons.push(`“${f.name}” is larger than ${MB} MB.`);
        else return true;
        return false;
      });
      if (accepted.length > room)
        reasons.push(
          `A record holds at most ${PHOTO_MAX_PER_RECORD} photos; ${accepted.length - Math.max(room, 0)} were left out.`,
        );
      const added = accepted.slice(0, Math.max(room, 0)).map((file) => ({
        key: `photo-${++seq}`,
        file,
        preview: URL.createObjectURL(file),
        status: 'waiting' as const,
      }));
      setRefused(reasons);
      setItems((list) => [...list, ...added]);
    },
    [alreadyAttached],
  );

  const remove = (key: string) => {
    const item = itemsRef.current.find((i) => i.key === key);
    if (item) URL.revokeObjectURL(item.preview);
    setItems((list) => list.filter((i) => i.key !== key));
  };

  /** Uploads what is waiting, one at a time; returns the failures, in words. */
  async function uploadAll(recordId: string): Promise<string[]> {
    if (running.current) return [];
    running.current = true;
    const failures: string[] = [];
    for (const item of itemsRef.current.filter((i) => i.status === 'waiting')) {
      patch(item.key, { status: 'uploading', error: undefined });
      const form = new FormData();
      form.append('photos', item.file, item.file.name);
      try {
        store(
          await api.upload<WithPhotos>(`/${resource}/${recordId}/photos`, form, {
            timeoutMs: UPLOAD_TIMEOUT_MS,
          }),
        );
        patch(item.key, { status: 'done' });
      } catch (error) {
        const message = errorMessage(error);
        failures.push(message);
        patch(item.key, { status: 'failed', error: message });
      }
    }
    running.current = false;
    return failures;
  }

  const retry = () =>
    setItems((list) =>
      list.map((i) => (i.status === 'failed' ? { ...i, status: 'waiting', error: undefined } : i)),
    );

  /** Drops the uploaded ones (the record now shows them) and keeps the failures for a retry. */
  const clearDone = () => {
    for (const i of itemsRef.current) if (i.status === 'done') URL.revokeObjectURL(i.preview);
    setItems((list) => list.filter((i) => i.status !== 'done'));
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the list changes; uploadAll reads the ref
  useEffect(() => {
    if (!autoUploadTo || running.current || !items.some((i) => i.status === 'waiting')) return;
    void uploadAll(autoUploadTo).then(clearDone);
  }, [autoUploadTo, items]);

  const total = items.length;
  const done = items.filter((i) => i.status === 'done').length;
  const uploading = items.some((i) => i.status === 'uploading');
  const failed = items.filter((i) => i.status === 'failed').length;
  return { items, refused, add, remove, uploadAll, retry, uploading, total, done, failed };
}
export type PhotoUploads = ReturnType<typeof usePhotoUploads>;

/**
 * A photo behind the session: `<img src>` cannot send the bearer token, so the bytes are fetched
 * with it and shown from an object URL. The server marks them immutable, so the browser's cache
 * answers a second look.
 */
export function useAuthorizedImage(url: string | null): { src?: string; failed?: boolean } {
  const [state, setState] = useState<{ src?: string; failed?: boolean }>({});
  useEffect(() => {
    if (!url) return;
    const controller = new AbortController();
    let objectUrl: string | undefined;
    setState({});
    // With the session, as an <img src> cannot be; a 401 ends the session like any other call.
    fetchFile(url, controller.signal)
      .then((res) => res.blob())
      .then((blob) => {
        objectUrl = URL.createObjectURL(blob);
        setState({ src: objectUrl });
      })
      .catch(() => {
        if (!controller.signal.aborted) setState({ failed: true });
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [url]);
  return state;
}
