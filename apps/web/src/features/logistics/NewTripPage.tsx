import { Anchor, Group, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link } from 'react-router';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { TripForm } from './TripForm.tsx';

/** /logistics/trips/new */
export function NewTripPage() {
  usePageTitle('Plan a trip');
  return (
    <Stack maw={1080} gap="md">
      <Anchor component={Link} to="/logistics" size="sm">
        <Group gap={4} component="span">
          <IconArrowLeft size={16} aria-hidden />
          Back to logistics
        </Group>
      </Anchor>
      <RequirePermission action="logistics.write" title="Plan a trip">
        <Title order={1}>Plan a trip</Title>
        <TripForm />
      </RequirePermission>
    </Stack>
  );
}
