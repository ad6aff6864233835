import { List, Table, Text, VisuallyHidden } from '@mantine/core';
import { ACTIONS, can, MEMBER_ROLES, memberRoleLabel, PERMISSIONS } from '@plastrace/shared';
import { type ContentSection, pageLink as to } from '../../components/common/ContentSections.tsx';

// The one permission table the server enforces (permissions.ts of @plastrace/shared), as rows of
// 'what' and a cell per role. '–' means not allowed.
const PERMISSION_ROWS: [string, ...string[]][] = ACTIONS.map((action) => {
  const { does, note } = PERMISSIONS[action] as { does: string; note?: string };
  const what = `${does.charAt(0).toUpperCase()}${does.slice(1)}${note ? ` (${note})` : ''}`;
  return [what, ...MEMBER_ROLES.map((role) => (can(role, action) ? 'yes' : '–'))];
});

export const HELP_SECTIONS: ContentSection[] = [
  {
    id: 'sign-in',
    title: 'Signing in',
    body: (
      <>
        <Text size="sm">There are two ways to sign in from the Sign In button on the home page:</Text>
        <List size="sm" spacing={4}>
          <List.Item>
            <strong>Email and password.</strong> Tick “Remember me” on your own device to stay signed in after
            closing the browser; leave it off on a shared computer.
          </List.Item>
          <List.Item>
            <strong>Magic link.</strong> Enter your email and choose “Send Magic Link”. The emailed link signs
            you in once and expires after 15 minutes.
          </List.Item>
          <List.Item>
            <strong>Forgot password?</strong> sends a link to choose a new one.
          </List.Item>
        </List>
        <Text size="sm">
          If you are away too long your session ends and you are asked to sign in again; nothing you saved is
          lost.
        </Text>
      </>
    ),
  },
  {
    id: 'roles',
    title: 'Roles and what each may do',
    body: (
      <>
        <Text size="sm">
          Every member has one role in the organization. The business type chosen at sign-up (recycler,
          collector…) describes the company and gives no permissions.
        </Text>
        <Table.ScrollContainer minWidth={640}>
          <Table withTableBorder striped fz="sm" aria-label="Permissions by role">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>May</Table.Th>
                {MEMBER_ROLES.map((r) => (
                  <Table.Th key={r}>{memberRoleLabel(r)}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {PERMISSION_ROWS.map(([what, ...cells]) => (
                <Table.Tr key={what}>
                  <Table.Th scope="row" fw={500}>
                    {what}
                  </Table.Th>
                  {cells.map((cell, i) => (
                    <Table.Td key={MEMBER_ROLES[i]}>
                      {cell === '–' ? (
                        <>
                          <span aria-hidden>–</span>
                          <VisuallyHidden>no</VisuallyHidden>
                        </>
                      ) : (
                        cell
                      )}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Text size="sm">
          When something is not allowed for your role, the page says so; ask an administrator if you need it.
        </Text>
      </>
    ),
  },
  {
    id: 'team',
    title: 'Inviting members and linking suppliers',
    body: (
      <List size="sm" spacing={4}>
        <List.Item>
          Open {to('/user-management', 'Team')} and choose “Invite member”. Administrators can invite every
          role; managers every role except administrator.
        </List.Item>
        <List.Item>
          The invitee receives an email link valid for 7 days. They set their name and password, and join with
          the role you chose. Pending invitations can be resent (a new link, 7 more days) or revoked.
        </List.Item>
        <List.Item>
          For the <strong>Supplier</strong> role, pick the supplier the person works for. They will see only
          that supplier’s deliveries and credits.
        </List.Item>
        <List.Item>
          Administrators can change a member’s role and deactivate or reactivate members. A deactivated member
          is signed out everywhere at once; their records and history stay. An organization always keeps at
          least one active administrator.
        </List.Item>
        <List.Item>You are notified when someone accepts your invitation.</List.Item>
      </List>
    ),
  },
  {
    id: 'activity',
    title: 'Activity log',
    body: (
      <List size="sm" spacing={4}>
        <List.Item>
          The {to('/user-transactions', 'activity log')} records sign-ins and sign-outs, exports, reports,
          settings changes and record changes, with who, when and the details.
        </List.Item>
        <List.Item>
          Administrators, managers and auditors see everyone’s entries and can filter by member; other roles
          see their own.
        </List.Item>
        <List.Item>
          Filter by type, member, dates and text; “Export CSV” downloads what the filters show. Exports are
          themselves recorded in the log.
        </List.Item>
        <List.Item>
          Times are shown in your organization’s time zone; amounts are in Philippine pesos (₱).
        </List.Item>
        <List.Item>Entries cannot be changed or deleted.</List.Item>
      </List>
    ),
  },
  {
    id: 'security',
    title: 'Sessions and security',
    body: (
      <List size="sm" spacing={4}>
        <List.Item>
          Your {to('/profile#sessions', 'profile')} lists every device you are signed in on. Sign out any you
          do not recognise, or all other sessions at once.
        </List.Item>
        <List.Item>
          {to('/profile#password', 'Changing your password')} signs out every other device. Passwords need at
          least 8 characters; common passwords are refused.
        </List.Item>
        <List.Item>Security events, such as a password change, appear in your notifications.</List.Item>
        <List.Item>Two-step verification is not available yet.</List.Item>
      </List>
    ),
  },
  {
    id: 'demo',
    title: 'The demo organization',
    body: (
      <Text size="sm">
        A demo organization, marked “Demo”, comes with Philippine sample facilities, suppliers, materials and
        peso prices, and one member per role, so you can try each role safely. Its data is not real: do not
        use it for reporting or compliance.
      </Text>
    ),
  },
];
