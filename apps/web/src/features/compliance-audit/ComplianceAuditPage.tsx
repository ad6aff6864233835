import { NativeSelect, Stack, Text } from '@mantine/core';
import { COMPLIANCE_FIRST_YEAR, COMPLIANCE_LAST_YEAR } from '@plastrace/shared';
import { isRetryable } from '../../components/common/apiErrors.ts';
import { yearIn } from '../../components/common/datetime.ts';
import { PageHeader } from '../../components/common/PageHeader.tsx';
import { QueryError, QueryStatus } from '../../components/common/QueryError.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { useMe } from '../../components/common/useMe.ts';
import { useUrlFilters } from '../../components/common/useUrlFilters.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { useProfile, useYear } from './api.ts';
import { EcarVersions } from './EcarVersions.tsx';
import { ChecklistSection, RetirementsSection } from './EvidenceSection.tsx';
import { FootprintSection } from './FootprintSection.tsx';
import { ProfileCard } from './ProfileCard.tsx';
import { YearFigures } from './YearFigures.tsx';

const TITLE = 'Compliance audit';
const isYear = (v: string) =>
  /^\d{4}$/.test(v) && Number(v) >= COMPLIANCE_FIRST_YEAR && Number(v) <= COMPLIANCE_LAST_YEAR;

/**
 * /compliance-audit: an obliged enterprise's RA 11898 year — its standing, footprint, target, what the
 * credits retired for the year recovered, the shortfall and the fine it exposes the organization to, the
 * evidence checklist and the ECAR versions (the auditor's review is /compliance-audit/ecar/:id).
 */
export function ComplianceAuditPage() {
  usePageTitle(TITLE);
  return (
    <RequirePermission action="compliance.read" title={TITLE}>
      <ComplianceView />
    </RequirePermission>
  );
}

function ComplianceView() {
  const { timeZone } = useMe();
  const now = yearIn(timeZone); // the compliance year shown first
  const { filters, set } = useUrlFilters({ year: 'year' }, { year: isYear });
  const year = Number(filters.year || now);
  const last = Math.max(now + 1, year);
  const years = Array.from({ length: last - COMPLIANCE_FIRST_YEAR + 1 }, (_, i) => String(last - i));
  const profile = useProfile();
  const figures = useYear(year);
  const y = figures.data;

  return (
    <Stack gap="md">
      <PageHeader
        title={TITLE}
        description="RA 11898 (EPR Act of 2022): the plastic footprint, the year’s recovery target, what retired credits recovered, the shortfall and the fine it exposes you to, and the EPR Compliance Audit Report your auditor signs off."
      />
      <NativeSelect
        label="Compliance year"
        value={String(year)}
        onChange={(e) => set({ year: e.currentTarget.value })}
        data={years}
        maw={200}
      />
      {figures.isPending && (
        <Text c="dimmed" role="status">
          Loading the {year} figures…
        </Text>
      )}
      {figures.isError && (
        <QueryError
          error={figures.error}
          what={`The ${year} figures`}
          onRetry={isRetryable(figures.error) ? () => figures.refetch() : undefined}
          retrying={figures.isFetching}
        />
      )}
      {y && !figures.isError && <YearFigures y={y} />}
      <QueryStatus query={profile} what="The compliance profile" loading="Loading the profile…" />
      {profile.data && <ProfileCard profile={profile.data} />}
      <FootprintSection year={year} />
      {y && !figures.isError && (
        <>
          <RetirementsSection y={y} />
          <ChecklistSection y={y} />
          <EcarVersions year={year} dueOn={y.ecar.dueOn} />
        </>
      )}
    </Stack>
  );
}
