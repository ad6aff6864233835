import type {
  ReportKind,
  ReportScheduleInput,
  reportRecipientSchema,
  reportScheduleSchema,
  reportSchema,
} from '@plastrace/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';

// /api/reports: the reports' figures (the same content the PDF and XLSX draw) and their schedules.

export type Report = Wire<typeof reportSchema>;
export type ReportSection = Report['sections'][number];
export type ReportTableData = ReportSection['tables'][number];
export type Schedule = Wire<typeof reportScheduleSchema>;
export type Recipient = Wire<typeof reportRecipientSchema>;

export const reportsKey = ['reports'] as const;
const schedulesKey = [...reportsKey, 'schedules'] as const;

/** The period asked for: one of day, month or year (none: the organization's current one). */
export type PeriodQuery = { day?: string; month?: string; year?: string };

/**
 * A report's figures. Each generation is logged on the server (GENERATE_REPORT), so a shown report is
 * not asked again when the window regains focus; the last period's figures stay while another loads.
 */
export function useReport(kind: ReportKind, period: PeriodQuery) {
  return useQuery({
    queryKey: [...reportsKey, kind, period],
    queryFn: ({ signal }) => api.get<Report>(`/reports/${kind}`, { signal, query: period }),
    placeholderData: keepPreviousData,
    staleTime: 5 * 60_000,
    refetchOnWindowFocus: false,
  });
}

export function useSchedules() {
  return useQuery({
    queryKey: schedulesKey,
    queryFn: ({ signal }) => api.get<{ items: Schedule[] }>('/reports/schedules', { signal }),
  });
}

/** Who a schedule may send to; asked only by those who may schedule. */
export function useRecipients(enabled: boolean) {
  return useQuery({
    enabled,
    queryKey: [...reportsKey, 'recipients'],
    queryFn: ({ signal }) => api.get<{ items: Recipient[] }>('/reports/recipients', { signal }),
    staleTime: 60_000,
  });
}

type Save = { body: ReportScheduleInput; id?: string; version?: number; key: string };

/** Creates a schedule (with its Idempotency-Key) or changes one (with the version read). */
export function useSaveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    // The wire's own body (snake_case keys pass the client's conversion unchanged).
    mutationFn: ({ body, id, version, key }: Save) =>
      id
        ? api.put<Schedule>(`/reports/schedules/${encodeURIComponent(id)}`, { ...body, version })
        : api.post<Schedule>('/reports/schedules', body, { headers: { 'Idempotency-Key': key } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schedulesKey }),
  });
}

export function useRemoveSchedule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<null>(`/reports/schedules/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: schedulesKey }),
  });
}
