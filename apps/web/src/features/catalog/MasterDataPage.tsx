import { Stack, Text, Title } from '@mantine/core';
import { PermissionNotice, QueryError } from '../../components/common/QueryError.tsx';
import { useMe } from '../../components/common/useMe.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import type { EntityConfig } from './entity.ts';
import { MasterDataList } from './MasterDataList.tsx';
import type { MasterRecord } from './recordApi.ts';

/** Whether the signed-in role may see this list at all (suppliers only some, names only). */
export function useMasterDataAccess(suppliersMayRead = false) {
  const { me, query, role } = useMe();
  return { me, query, allowed: role !== 'supplier' || suppliersMayRead };
}

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
  const { me, query, allowed } = useMasterDataAccess(config.suppliersMayRead);
  return (
    <Stack gap="md">
      <div>
        <Title order={1}>{title}</Title>
        <Text c="dimmed" size="sm">
          {description}
        </Text>
      </div>
      {!me ? (
        query.isError ? (
          <QueryError
            error={query.error}
            what="Your account"
            onRetry={() => query.refetch()}
            retrying={query.isFetching}
          />
        ) : (
          <Text c="dimmed" role="status">
            Loading…
          </Text>
        )
      ) : allowed ? (
        <MasterDataList config={config} />
      ) : (
        <PermissionNotice message={`Supplier accounts cannot see the ${title.toLowerCase()} list.`} />
      )}
    </Stack>
  );
}
