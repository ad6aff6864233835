import { Stack } from '@mantine/core';
import { PageHeader } from '../../components/common/PageHeader.tsx';
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
        <PageHeader title={title} description={description} />
        <MasterDataList config={config} />
      </Stack>
    </RequirePermission>
  );
}
