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

export const failedSignIns = (publicUrl: string, to: string, attempts: number, addresses: number): Mail => ({
  to,
  subject: 'Failed sign-in attempts on your PlasTrace account',
  text: `Hello,

In the last 15 minutes there were ${attempts} failed attempts to sign in to your PlasTrace account, from ${addresses} ${addresses === 1 ? 'address' : 'different addresses'}.

Your account is not locked: you can still sign in as usual at ${publicUrl}/auth (or with an emailed sign-in link). The addresses that kept failing are held back for a while.

If these attempts were not yours, someone may be guessing your password: make sure it is long and not used anywhere else, and change it under your profile if in doubt.`,
});

export const signupWithTakenEmail = (publicUrl: string, to: string): Mail => ({
  to,
  subject: 'Someone tried to register with your email address',
  text: `Hello,

Someone tried to register a new PlasTrace organization with this email address, which already has an account. Nothing was created.

If it was you, sign in at ${publicUrl}/auth, or reset your password there if you have forgotten it.

If it was not you, you can ignore this email: your account is unchanged.`,
});
