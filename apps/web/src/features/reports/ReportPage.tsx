import { Anchor, Button, NativeSelect, Stack, Text, TextInput } from '@mantine/core';
import { REPORT_DESCRIPTIONS, REPORT_KINDS, REPORT_LABELS, type ReportKind } from '@plastrace/shared';
import { IconCalendarTime, IconFileSpreadsheet, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { todayIn } from '../../components/common/datetime.ts';
import { formatDateTime } from '../../components/common/format.ts';
import { FilterBar, PageHeader } from '../../components/common/PageHeader.tsx';
import { ActionError, QueryStatus } from '../../components/common/QueryError.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { useDownload } from '../../components/common/useDownload.ts';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { useReport } from './api.ts';
import { monthOptions, PERIOD_PARAM, periodOf, queryOf, yearOptions } from './periods.ts';
import { ReportView } from './ReportView.tsx';
import { ScheduleDialog } from './ScheduleDialog.tsx';

/** /reports/daily, /monthly, /annual and /inventory: one report, its period chosen in the URL. */
export function ReportPage() {
  const { pathname } = useLocation();
  const kind = REPORT_KINDS.find((k) => pathname.replace(/\/+$/, '').endsWith(`/reports/${k}`)) ?? 'daily';
  const title = REPORT_LABELS[kind];
  usePageTitle(title);
  return (
    <RequirePermission action="reports.read" title={title}>
      {/* A fresh screen per report: its period and dialog are its own. */}
      <ReportScreen key={kind} kind={kind} />
    </RequirePermission>
  );
}

function ReportScreen({ kind }: { kind: ReportKind }) {
  const { timeZone } = useMe();
  const mayPlan = useCan('reports.schedule');
  const [params, setParams] = useSearchParams();
  const [scheduling, setScheduling] = useState(false);
  const files = useDownload();
  const title = REPORT_LABELS[kind];
  const today = todayIn(timeZone);
  const param = PERIOD_PARAM[kind];
  const period = periodOf(kind, params.get(param), today);
  const query = queryOf(kind, period);
  const report = useReport(kind, query);
  const choose = (value: string) =>
    setParams(new URLSearchParams({ [param]: value }), { replace: true, preventScrollReset: true });
  const download = (format: 'pdf' | 'xlsx') =>
    files.download(format, `/reports/${kind}`, { ...query, format }, `${kind}-report-${period}.${format}`);

  return (
    <Stack gap="md">
      <PageHeader
        title={title}
        description={REPORT_DESCRIPTIONS[kind]}
        actions={
          <>
            {mayPlan && (
              <Button
                variant="default"
                leftSection={<IconCalendarTime size={16} aria-hidden />}
                onClick={() => setScheduling(true)}
              >
                Schedule this report
              </Button>
            )}
            <Button
              variant="default"
              leftSection={<IconFileSpreadsheet size={16} aria-hidden />}
              loading={files.pending === 'xlsx'}
              onClick={() => download('xlsx')}
            >
              Download XLSX
            </Button>
            <Button
              leftSection={<IconFileTypePdf size={16} aria-hidden />}
              loading={files.pending === 'pdf'}
              onClick={() => download('pdf')}
            >
              Download PDF
            </Button>
          </>
        }
      />
      <Anchor component={Link} to="/reports" size="sm">
        All reports and schedules
      </Anchor>
      <FilterBar label="Choose the period">
        {param === 'day' && (
          <TextInput
            label="Day"
            type="date"
            max={today}
            value={period}
            onChange={(e) => {
              const v = e.currentTarget.value;
              if (v && v <= today) choose(v);
            }}
          />
        )}
        {param === 'month' && (
          <NativeSelect
            label="Month"
            data={monthOptions(today)}
            value={period}
            onChange={(e) => choose(e.currentTarget.value)}
          />
        )}
        {param === 'year' && (
          <NativeSelect
            label="Year"
            data={yearOptions(today)}
            value={period}
            onChange={(e) => choose(e.currentTarget.value)}
          />
        )}
      </FilterBar>
      <ActionError error={files.error} onClose={files.clearError} />
      <QueryStatus
        query={report}
        what={`The ${title.toLowerCase()}`}
        loading={`Loading the ${title.toLowerCase()}…`}
      />
      {report.data && (
        <Stack gap="sm">
          <Text size="sm" c="dimmed" role={report.isPlaceholderData ? 'status' : undefined}>
            {report.isPlaceholderData
              ? 'Loading the period chosen…'
              : `${report.data.organization.name} · ${report.data.period.label} · made ${formatDateTime(report.data.generatedAt, timeZone)}`}
          </Text>
          <ReportView report={report.data} />
        </Stack>
      )}
      {mayPlan && <ScheduleDialog opened={scheduling} report={kind} onClose={() => setScheduling(false)} />}
    </Stack>
  );
}
