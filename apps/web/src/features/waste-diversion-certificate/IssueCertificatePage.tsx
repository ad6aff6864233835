import {
  Button,
  Group,
  NativeSelect,
  Paper,
  SimpleGrid,
  Stack,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import {
  CERTIFICATE_CLIENT_TYPE_LABELS,
  CERTIFICATE_CLIENT_TYPES,
  certificatePeriodIssues,
} from '@plastrace/shared';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { newIdempotencyKey } from '../../api/idempotency.ts';
import { wireFieldErrorsOf } from '../../components/common/apiErrors.ts';
import { PageHeader } from '../../components/common/PageHeader.tsx';
import { ActionError } from '../../components/common/QueryError.tsx';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { useSchemaForm } from '../../components/common/schemaForm.ts';
import { useMe } from '../../components/common/useMe.ts';
import { useToast } from '../../components/toast/ToastProvider.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { AvailableLines } from './AvailableLines.tsx';
import { useAvailable, useIssueCertificate } from './api.ts';
import { formErrorsOf, issueFormSchema, newValues, rowsOf, toInput } from './issueForm.ts';

const TITLE = 'Issue a waste diversion certificate';

/** /waste-diversion-certificate/new */
export function IssueCertificatePage() {
  usePageTitle(TITLE);
  return (
    <RequirePermission action="certificates.issue" title={TITLE}>
      <Stack gap="md">
        <PageHeader
          title={TITLE}
          description="Choose the period, then how many of its unclaimed kilograms the certificate claims for the client. Claimed kilograms back no other certificate until it is revoked."
        />
        <IssueForm />
      </Stack>
    </RequirePermission>
  );
}

export function IssueForm() {
  const { timeZone } = useMe();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const form = useSchemaForm(issueFormSchema, newValues(timeZone));
  const values = form.getValues();
  const periodProblem =
    !values.period_from || !values.period_to || certificatePeriodIssues(values).length > 0;
  const available = useAvailable(values.period_from, values.period_to, !periodProblem);
  const issue = useIssueCertificate();
  const key = useRef(newIdempotencyKey());
  const today = newValues(timeZone).period_to;

  // A new period's rows replace the old ones, keeping what was typed for rows still there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a new answer resets the rows
  useEffect(() => {
    if (available.data) form.setFieldValue('lines', rowsOf(available.data, form.getValues().lines));
  }, [available.data]);

  const submit = form.onSubmit(() => {
    const { input, rowOf } = toInput(issueFormSchema.parse(form.getValues()));
    issue.reset();
    issue.mutate(
      { input, idempotencyKey: key.current },
      {
        onError: (error) => form.setErrors(formErrorsOf(wireFieldErrorsOf(error), rowOf)),
        onSuccess: (c) => {
          key.current = newIdempotencyKey();
          showToast({ message: `Certificate ${c.number} issued to ${c.clientName}.` });
          navigate(`/waste-diversion-certificate/${c.id}`);
        },
      },
    );
  });
  const fieldLevel = Object.keys(wireFieldErrorsOf(issue.error)).length > 0;

  return (
    <form onSubmit={submit} noValidate aria-label="Issue a certificate">
      <Stack gap="md">
        {issue.error && !fieldLevel && <ActionError error={issue.error} onClose={() => issue.reset()} />}
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="certificate-period-heading">
          <Title order={2} fz="h4" mb="sm" id="certificate-period-heading">
            Period
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="From" type="date" required max={today} {...form.getInputProps('period_from')} />
            <TextInput label="To" type="date" required max={today} {...form.getInputProps('period_to')} />
          </SimpleGrid>
        </Paper>
        <Paper withBorder radius="md" p="md">
          <AvailableLines form={form} available={available} periodProblem={periodProblem} />
        </Paper>
        <Paper withBorder radius="md" p="md" component="section" aria-labelledby="certificate-client-heading">
          <Title order={2} fz="h4" mb="sm" id="certificate-client-heading">
            Client
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Client name" required {...form.getInputProps('client_name')} />
            <NativeSelect
              label="Kind of client"
              required
              data={[
                { value: '', label: 'Choose…' },
                ...CERTIFICATE_CLIENT_TYPES.map((t) => ({
                  value: t,
                  label: CERTIFICATE_CLIENT_TYPE_LABELS[t],
                })),
              ]}
              {...form.getInputProps('client_type')}
            />
          </SimpleGrid>
          <TextInput label="Client address" mt="sm" {...form.getInputProps('client_address')} />
        </Paper>
        <Paper
          withBorder
          radius="md"
          p="md"
          component="section"
          aria-labelledby="certificate-signatory-heading"
        >
          <Title order={2} fz="h4" mb="sm" id="certificate-signatory-heading">
            Signatory
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput label="Name" required {...form.getInputProps('signatory_name')} />
            <TextInput label="Title" required {...form.getInputProps('signatory_title')} />
          </SimpleGrid>
          <Textarea
            label="Notes printed on the certificate"
            mt="sm"
            rows={2}
            {...form.getInputProps('notes')}
          />
        </Paper>
        <Group justify="flex-end">
          <Button type="submit" loading={issue.isPending}>
            Issue certificate
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
