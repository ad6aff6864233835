import type { Mail } from '../mail/mail.repo.ts';

// Plain-text mail: readable everywhere, and the links are easy to find in the server log on a laptop.

export const magicLink = (publicUrl: string, to: string, token: string): Mail => ({
  to,
  subject: 'Your PlasTrace sign-in link',
  text: `Hello,

Use this link to sign in to PlasTrace. It works once and expires in 15 minutes:

${publicUrl}/auth?magic_token=${token}

If you did not ask for it, ignore this email: nobody can sign in without opening the link.`,
});

export const verifyEmail = (publicUrl: string, to: string, firstName: string, token: string): Mail => ({
  to,
  subject: 'Verify your email address for PlasTrace',
  text: `Hello ${firstName},

Welcome to PlasTrace. Please confirm that this is your email address:

${publicUrl}/auth?verify_token=${token}

The link expires in 7 days.`,
});

export const resetPassword = (publicUrl: string, to: string, token: string): Mail => ({
  to,
  subject: 'Reset your PlasTrace password',
  text: `Hello,

Someone (hopefully you) asked to reset the password of your PlasTrace account. Choose a new one here:

${publicUrl}/auth?reset_token=${token}

The link works once and expires in 1 hour. If you did not ask for it, you can ignore this email.`,
});
