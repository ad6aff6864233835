import { Anchor, Button, Group, Stack, Switch, Table, Text, VisuallyHidden } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { CardList, usePhone } from '../../components/common/CardList.tsx';
import { ConfirmDialog } from '../../components/common/ConfirmDialog.tsx';
import { EmptyState } from '../../components/common/EmptyState.tsx';
import { LoadMore } from '../../components/common/LoadMore.tsx';
import { ActionError, QueryStatus } from '../../components/common/QueryError.tsx';
import { type SavedSearch, useDeleteSavedSearch, useSavedSearches, useUpdateSavedSearch } from './api.ts';
import { browseLink, filtersText } from './labels.ts';
import { SavedSearchDialog } from './SavedSearchDialog.tsx';

/** The member's own saved searches: open one on the marketplace, turn its daily alert on or off, delete it. */
export function SavedSearchesPanel() {
  const searches = useSavedSearches();
  const update = useUpdateSavedSearch();
  const remove = useDeleteSavedSearch();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<SavedSearch | null>(null);
  const phone = usePhone();
  const items = searches.data?.pages.flatMap((p) => p.items) ?? [];

  const alertSwitch = (s: SavedSearch) => (
    <Switch
      checked={s.alert}
      aria-label={`Daily alert for ${s.name}`}
      disabled={update.isPending}
      onChange={(e) => update.mutate({ id: s.id, body: { alert: e.currentTarget.checked } })}
    />
  );
  const actions = (s: SavedSearch) => (
    <Group gap="xs" wrap="nowrap">
      <Button
        component={Link}
        to={browseLink(s.filters)}
        size="xs"
        variant="light"
        aria-label={`Open ${s.name}`}
      >
        Open
      </Button>
      <Button
        size="xs"
        variant="subtle"
        color="red"
        aria-label={`Delete ${s.name}`}
        onClick={() => setDeleting(s)}
      >
        Delete
      </Button>
    </Group>
  );

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed" maw={640}>
          Only you see your saved searches. With the alert on, listings of other organizations that match and
          are new since the day before are e-mailed to you at 08:00.
        </Text>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
          New saved search
        </Button>
      </Group>
      <ActionError error={update.error} onClose={() => update.reset()} />
      <QueryStatus query={searches} what="Your saved searches" loading="Loading your saved searches…" />
      {searches.isSuccess && items.length === 0 && (
        <EmptyState
          title="No saved searches yet"
          action={
            <Button variant="light" onClick={() => setCreating(true)}>
              Save a search
            </Button>
          }
        >
          Save the filters you use on the marketplace and get new matching listings by e-mail every morning.
        </EmptyState>
      )}
      {items.length > 0 &&
        (phone ? (
          <CardList label="Saved searches" items={items} keyOf={(s) => s.id}>
            {(s) => (
              <Stack gap={6}>
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={600}>{s.name}</Text>
                  {alertSwitch(s)}
                </Group>
                <Text size="sm">{filtersText(s.filters)}</Text>
                {actions(s)}
              </Stack>
            )}
          </CardList>
        ) : (
          <Table.ScrollContainer minWidth={640}>
            <Table aria-label="Saved searches" verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Name</Table.Th>
                  <Table.Th>Filters</Table.Th>
                  <Table.Th>Daily alert</Table.Th>
                  <Table.Th>
                    <VisuallyHidden>Actions</VisuallyHidden>
                  </Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>
                      <Anchor component={Link} to={browseLink(s.filters)}>
                        {s.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{filtersText(s.filters)}</Table.Td>
                    <Table.Td>{alertSwitch(s)}</Table.Td>
                    <Table.Td>{actions(s)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        ))}
      <LoadMore {...searches} />
      <SavedSearchDialog opened={creating} onClose={() => setCreating(false)} />
      <ConfirmDialog
        opened={deleting !== null}
        title="Delete saved search"
        confirmLabel="Delete"
        loading={remove.isPending}
        error={remove.error}
        onClose={() => {
          remove.reset();
          setDeleting(null);
        }}
        onConfirm={() =>
          deleting && remove.mutate({ id: deleting.id }, { onSuccess: () => setDeleting(null) })
        }
      >
        Delete “{deleting?.name}”? Its alerts stop.
      </ConfirmDialog>
    </Stack>
  );
}
