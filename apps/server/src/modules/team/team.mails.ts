import { memberRoleLabel } from '@plastrace/shared';
import type { Mail } from '../mail/mail.repo.ts';

export const invitation = (
  publicUrl: string,
  to: string,
  org: string,
  inviter: string,
  role: string,
  token: string,
  expiresAt: Date,
): Mail => ({
  to,
  subject: `${inviter} invited you to ${org} on PlasTrace`,
  text: `Hello,

${inviter} invited you to join ${org} on PlasTrace as ${memberRoleLabel(role)}.

Create your account here:

${publicUrl}/invitation/${token}

The invitation expires on ${expiresAt.toUTCString()}.`,
});
