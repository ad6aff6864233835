import type { Currency, organizationSchema } from '@plastrace/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Wire } from '../../api/caseConvert.ts';
import { api } from '../../api/client.ts';
import { activityKey } from '../activity/api.ts';
import { currentUserKey } from '../dashboard/api.ts';
import { dashboardSummaryKey } from '../dashboard/summary.ts';

export type Organization = Wire<typeof organizationSchema>;
export const organizationKey = ['organization'] as const;

export function useOrganization() {
  return useQuery({
    queryKey: organizationKey,
    queryFn: ({ signal }) => api.get<Organization>('/organization', { signal }),
  });
}

export interface OrganizationChange {
  name: string;
  defaultCurrency: Currency;
  timeZone: string;
  eprLicense: string | null;
  massBalanceTolerancePct: string;
  electricityTariffPhp: string | null;
  weighingTolerancePct: string;
  /** Null clears it. */
  gs1CompanyPrefix: string | null;
  version: number;
}

/** `PUT /api/organization/books-closed`: close the books through a past day, or reopen them (null). */
export function useCloseBooks() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { through: string | null; reason: string }) =>
      api.put<Organization>('/organization/books-closed', change),
    onSuccess: (saved) => {
      queryClient.setQueryData(organizationKey, saved);
      // The dashboard shows the organization; the server logged the change (UPDATE_SETTINGS).
      for (const key of [dashboardSummaryKey, activityKey])
        void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

export function useUpdateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: OrganizationChange) => api.patch<Organization>('/organization', change),
    onSuccess: (saved) => {
      queryClient.setQueryData(organizationKey, saved);
      // The member's copy of the organization (time zone for every date), the dashboard, and the
      // UPDATE_SETTINGS entry the server wrote.
      for (const key of [currentUserKey, dashboardSummaryKey, activityKey])
        void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
