import type {
  apiKeySchema,
  calibrationSchema,
  DeviceKind,
  DeviceStatus,
  deviceSchema,
  issuedApiKeySchema,
  vehicleSchema,
} from '@plastrace/shared';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';
import { type LineOption, useLineOptions } from '../production-records/api.ts';
import type { Page } from '../team/api.ts';

export type Device = Wire<typeof deviceSchema>;
export type Calibration = Wire<typeof calibrationSchema>;
export type ApiKey = Wire<typeof apiKeySchema>;
export type IssuedApiKey = Wire<typeof issuedApiKeySchema>;
type Vehicle = Wire<typeof vehicleSchema>;

export type DeviceQuery = { q?: string; kind?: DeviceKind; status?: DeviceStatus };

const PAGE_SIZE = 50;
/** Status is computed from the last reading's time: refresh the list while it is open. */
const STATUS_REFRESH_MS = 30_000;

export function useDevices(query: DeviceQuery) {
  return useInfiniteQuery({
    queryKey: ['devices', 'list', query],
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<Device>>('/devices', { signal, query: { ...query, limit: PAGE_SIZE, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    refetchInterval: STATUS_REFRESH_MS,
  });
}

export function useDevice(id: string | null) {
  return useQuery({
    queryKey: ['devices', 'one', id],
    queryFn: ({ signal }) => api.get<Device>(`/devices/${id}`, { signal }),
    enabled: id !== null,
    refetchInterval: STATUS_REFRESH_MS,
  });
}

/** Register (POST) or change (PATCH with the version read: a stale one is a 409). */
export function useSaveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: string; body: Record<string, unknown> }) =>
      id ? api.patch<Device>(`/devices/${id}`, body) : api.post<Device>('/devices', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['devices'] }),
  });
}

export function useArchiveDevice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, archive }: { id: string; archive: boolean }) =>
      api.post<Device>(`/devices/${id}/${archive ? 'archive' : 'restore'}`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['devices'] }),
  });
}

export function useCalibrations(deviceId: string) {
  return useQuery({
    queryKey: ['devices', 'calibrations', deviceId],
    queryFn: ({ signal }) =>
      api.get<{ items: Calibration[] }>(`/devices/${deviceId}/calibrations`, { signal }),
  });
}

export function useRecordCalibration(deviceId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: Record<string, unknown>) =>
      api.post<Calibration>(`/devices/${deviceId}/calibrations`, body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['devices'] }),
  });
}

export function useApiKeys(enabled: boolean) {
  return useInfiniteQuery({
    queryKey: ['api-keys', 'list'],
    queryFn: ({ pageParam, signal }) =>
      api.get<Page<ApiKey>>('/api-keys', { signal, query: { limit: PAGE_SIZE, cursor: pageParam } }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  });
}

export function useIssueApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { name: string; scopes: string[]; device_id?: string | null }) =>
      api.post<IssuedApiKey>('/api-keys', body),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['api-keys'] }),
  });
}

export function useRevokeApiKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.post<ApiKey>(`/api-keys/${id}/revoke`),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: ['api-keys'] }),
  });
}

export type Option = { value: string; label: string };

export const useLinePickerOptions = (): Option[] =>
  (useLineOptions().data?.items ?? []).map((l: LineOption) => ({
    value: l.id,
    label: `${l.name} (${l.code}) · ${l.facility.name}`,
  }));

export function useVehicleOptions(): Option[] {
  const vehicles = useQuery({
    queryKey: ['vehicles', 'options'],
    queryFn: ({ signal }) => api.get<{ items: Vehicle[] }>('/vehicles', { signal, query: { limit: 200 } }),
    staleTime: 60_000,
  });
  return (vehicles.data?.items ?? []).map((v) => ({ value: v.id, label: `${v.code} · ${v.name}` }));
}

/** The organization's live devices, for binding a key to one. */
export function useDeviceOptions(enabled: boolean): Option[] {
  const list = useQuery({
    queryKey: ['devices', 'options'],
    queryFn: ({ signal }) => api.get<Page<Device>>('/devices', { signal, query: { limit: 200 } }),
    enabled,
  });
  return (list.data?.items ?? []).map((d) => ({ value: d.id, label: `${d.code} · ${d.name}` }));
}
