import { Stack, Text, Title } from '@mantine/core';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { usePageTitle } from '../../layout/pageTitle.ts';
import type { EntityConfig } from './entity.ts';
import { MasterDataList } from './MasterDataList.tsx';
import type { MasterRecord } from './recordApi.ts';

/** A whole page around one master-data list: title, permission and loading states. */
export function MasterDataPage<T extends MasterRecord>({
  config,
  title,
  description,
}: {
  config: EntityConfig<T>;
  title: string;
  description: string;
}) {
  usePageTitle(title);
  return (
    <RequirePermission action={config.permissions?.read ?? 'masterdata.read'} title={title}>
      <Stack gap="md">
        <div>
          <Title order={1}>{title}</Title>
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        </div>
        <MasterDataList config={config} />
      </Stack>
    </RequirePermission>
  );
}
