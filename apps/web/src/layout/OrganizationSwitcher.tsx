import { Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { memberRoleLabel } from '@plastrace/shared';
import { IconBuilding, IconCheck, IconSelector } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiError } from '../api/errors.ts';
import { useMe } from '../components/common/useMe.ts';
import { useToast } from '../components/toast/ToastProvider.tsx';
import {
  adoptSession,
  type OrganizationMembership,
  switchOrganization,
  useAdoptSwitchedSession,
  useOrganizations,
} from '../features/auth/organizations.ts';

/**
 * The header's organization switcher, for an account that belongs to several organizations. Switching
 * opens a session in the other organization; the cache of this one is dropped before its pages reload.
 */
export function OrganizationSwitcher() {
  useAdoptSwitchedSession();
  const { me } = useMe();
  const several = (me?.organizationCount ?? 1) > 1;
  const organizations = useOrganizations(several);
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { showToast } = useToast();
  const [switching, setSwitching] = useState(false);

  if (!me || !several) return null;
  const current = me.organization;

  async function choose(target: OrganizationMembership) {
    if (target.organizationId === current.id || switching) return;
    setSwitching(true);
    try {
      const response = await switchOrganization(target.organizationId);
      adoptSession(response);
      // Nothing of the organization left behind may show in the next one.
      queryClient.clear();
      navigate('/dashboard');
      showToast({ message: `Switched to ${response.user.organization.name}.` });
    } catch (error) {
      const message = (error instanceof ApiError && error.message) || 'Could not switch organization.';
      showToast({ message, color: 'red' });
    } finally {
      setSwitching(false);
    }
  }

  return (
    <Menu position="bottom-end" width={260}>
      <Menu.Target>
        {/* Named by what it shows first (WCAG 2.5.3: label in name), then by what it does. */}
        <UnstyledButton
          disabled={switching}
          aria-busy={switching}
          aria-label={`${current.name}, switch organization`}
          maw={{ base: 140, sm: 260 }}
        >
          <span style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
            <IconBuilding size={16} aria-hidden style={{ flexShrink: 0 }} />
            <Text size="sm" fw={600} truncate="end">
              {current.name}
            </Text>
            <IconSelector size={14} aria-hidden style={{ flexShrink: 0 }} />
          </span>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown aria-label="Organizations">
        <Menu.Label>Your organizations</Menu.Label>
        {organizations.isPending && <Menu.Item disabled>Loading organizations...</Menu.Item>}
        {organizations.isError && <Menu.Item disabled>Could not load your organizations.</Menu.Item>}
        {organizations.data?.map((o) => {
          const isCurrent = o.organizationId === current.id;
          return (
            <Menu.Item
              key={o.organizationId}
              onClick={() => void choose(o)}
              aria-current={isCurrent ? 'true' : undefined}
              leftSection={isCurrent ? <IconCheck size={16} aria-hidden /> : <span style={{ width: 16 }} />}
            >
              <Text size="sm" fw={isCurrent ? 600 : 400}>
                {o.name}
                {isCurrent && <VisuallyHidden> (current)</VisuallyHidden>}
              </Text>
              <Text size="xs" c="dimmed">
                {memberRoleLabel(o.role)}
              </Text>
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
