import { Button, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconUserPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { RequirePermission } from '../../components/common/RequirePermission.tsx';
import { useCan, useMe } from '../../components/common/useMe.ts';
import { usePageTitle } from '../../layout/pageTitle.ts';
import { InvitationsTab } from './InvitationsTab.tsx';
import { InviteMemberModal } from './InviteMemberModal.tsx';
import { MembersTab } from './MembersTab.tsx';
import { invitableRoles } from './permissions.ts';

type Tab = 'members' | 'invitations';

/** /user-management: who is in the organization, and who has been invited. */
export function TeamPage() {
  usePageTitle('Team');
  return (
    <RequirePermission action="members.read" title="Team">
      <Team />
    </RequirePermission>
  );
}

function Team() {
  const { role } = useMe();
  const mayReadInvitations = useCan('invitations.read');
  const [params, setParams] = useSearchParams();
  const tab: Tab = mayReadInvitations && params.get('tab') === 'invitations' ? 'invitations' : 'members';
  const [inviting, setInviting] = useState(false);
  const roles = invitableRoles(role);

  // The tab lives in the URL, so a reload or a shared link opens the same one.
  const showTab = (next: Tab) =>
    setParams(next === 'members' ? {} : { tab: next }, { replace: true, preventScrollReset: true });

  return (
    <Stack gap="md">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <div>
          <Title order={1}>Team</Title>
          <Text c="dimmed" size="sm">
            Members of your organization and the invitations sent to new ones.
          </Text>
        </div>
        {roles.length > 0 && (
          <Button leftSection={<IconUserPlus size={18} aria-hidden />} onClick={() => setInviting(true)}>
            Invite member
          </Button>
        )}
      </Group>
      <Tabs
        value={tab}
        onChange={(value) => showTab(value === 'invitations' ? 'invitations' : 'members')}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          <Tabs.Tab value="members">Members</Tabs.Tab>
          {/* Auditors see the members but not the invitations (invitations.read). */}
          {mayReadInvitations && <Tabs.Tab value="invitations">Invitations</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="members">
          <MembersTab />
        </Tabs.Panel>
        {mayReadInvitations && (
          <Tabs.Panel value="invitations">
            <InvitationsTab />
          </Tabs.Panel>
        )}
      </Tabs>
      {roles.length > 0 && (
        <InviteMemberModal
          opened={inviting}
          roles={roles}
          onClose={() => setInviting(false)}
          onInvited={() => showTab('invitations')}
        />
      )}
    </Stack>
  );
}
