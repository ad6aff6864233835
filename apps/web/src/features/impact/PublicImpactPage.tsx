import { Alert, Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { IconWorldOff } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { isNotFound } from '../../components/common/apiErrors.ts';
import { formatDate } from '../../components/common/format.ts';
import { QueryError } from '../../components/common/QueryError.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { type PublicImpact, usePublicImpact } from './api.ts';
import { FactorsTable } from './FactorsTable.tsx';
import { ImpactFiguresView, Section } from './ImpactFiguresView.tsx';
import { ImpactKpis } from './ImpactKpis.tsx';

/**
 * /impact/public/:slug, for anyone: the impact an organization chose to publish — this year's figures
 * month by month and all time's — with every factor's source. A page not published says so.
 */
export function PublicImpactPage() {
  const { slug = '' } = useParams();
  const impact = usePublicImpact(slug);
  usePageTitle(impact.data ? `Impact of ${impact.data.organization.name}` : 'Impact');
  return (
    <Container size="lg" py="xl" px="md">
      <Stack gap="md">
        {impact.isPending && (
          <Text c="dimmed" role="status">
            Loading the impact page…
          </Text>
        )}
        {impact.isError &&
          (isNotFound(impact.error) ? (
            <>
              <Title order={1}>Impact page</Title>
              <Alert color="yellow" icon={<IconWorldOff aria-hidden />} title="Not published" role="alert">
                No organization publishes an impact page at this address. It may have been unpublished, or the
                link may be incomplete.
              </Alert>
            </>
          ) : (
            <QueryError
              error={impact.error}
              what="The impact page"
              onRetry={() => impact.refetch()}
              retrying={impact.isFetching}
            />
          ))}
        {impact.data && <Published p={impact.data} />}
        <Anchor component={Link} to="/" size="sm">
          About PlasTrace, the platform that keeps these records
        </Anchor>
      </Stack>
    </Container>
  );
}

function Published({ p }: { p: PublicImpact }) {
  const zone = p.organization.timeZone;
  const year = p.thisYear.from.slice(0, 4);
  return (
    <>
      <div>
        <Title order={1}>{p.organization.name}: environmental impact</Title>
        {p.headline && (
          <Text size="lg" mt="xs">
            {p.headline}
          </Text>
        )}
        <Text size="sm" c="dimmed">
          Published {formatDate(p.publishedAt, zone)}. Figures come from the organization’s posted records, up
          to {formatDate(`${p.thisYear.to}T12:00:00Z`, 'UTC')}.
        </Text>
      </div>
      <Title order={2}>{year} so far</Title>
      <ImpactFiguresView figures={p.thisYear} months={p.thisYear.months} />
      <Title order={2}>All time</Title>
      <ImpactKpis figures={p.allTime} />
      <Section title="All time: CO2e by material type and factor">
        <FactorsTable rows={p.allTime.co2e.byMaterialType} />
      </Section>
    </>
  );
}
