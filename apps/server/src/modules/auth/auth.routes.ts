import {
  loginBodySchema,
  loginResponseSchema,
  magicLinkBodySchema,
  messageSchema,
  organizationMembershipSchema,
  ownSessionSchema,
  passwordChangeSchema,
  passwordResetSchema,
  signupBodySchema,
  switchOrganizationBodySchema,
  tokenBodySchema,
  userSchema,
} from '@plastrace/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { AppError } from '../../lib/errors.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import type { Csrf } from '../../plugins/csrf.ts';
import * as service from './auth.service.ts';
import * as organizations from './organizations.service.ts';

type Opts = { ctx: AppContext; csrf: Csrf; demo: () => Promise<{ email: string; password: string } | null> };

const client = (req: FastifyRequest): service.Client => ({
  ip: req.ip,
  userAgent: req.headers['user-agent'],
  log: req.log,
});
const tags = ['auth'];

/** Sign-in, registration, one-time links and CSRF: callable without a session. */
export const publicAuthRoutes: FastifyPluginAsyncZod<Opts> = async (app, { ctx, csrf, demo }) => {
  app.get(
    '/ping',
    {
      schema: {
        'x-permission': 'public',
        tags,
        summary:
          'Starts a browser session: sets the CSRF cookie and returns the token in the x-csrf-token header',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async (req, reply) => {
      reply.header('x-csrf-token', await csrf.issue(req, reply)).header('cache-control', 'no-store');
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/csrf-token',
    {
      schema: {
        'x-permission': 'public',
        tags,
        summary: 'A CSRF token for state-changing calls',
        response: { 200: z.object({ csrfToken: z.string() }) },
      },
    },
    async (req, reply) => {
      reply.header('cache-control', 'no-store');
      return { csrfToken: await csrf.issue(req, reply) };
    },
  );

  app.get(
    '/public/config',
    {
      schema: {
        'x-permission': 'public',
        tags,
        summary: 'What the signed-out web app needs: demo sign-in hint when the demo organization exists',
        response: {
          200: z.object({ demo: z.object({ email: z.string(), password: z.string() }).nullable() }),
        },
      },
    },
    async () => ({ demo: await demo() }),
  );

  app.post(
    '/auth/login',
    {
      schema: {
        'x-permission': 'public',
        tags,
        summary: 'Signs in with email and password',
        body: loginBodySchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (req) =>
      service.login(
        ctx,
        {
          email: req.body.email,
          password: req.body.password,
          remember: req.body.rememberMe ?? req.body.remember_me ?? false,
        },
        client(req),
      ),
  );

  app.post(
    '/auth/magiclink',
    {
      schema: {
        'x-permission': 'public',
        tags,
        summary: 'Emails a one-time sign-in link (valid 15 minutes)',
        body: magicLinkBodySchema,
        response: { 200: messageSchema },
      },
    },
    async (req) => ({ message: await service.requestMagicLink(ctx, req.body.email, client(req)) }),
  );

  app.post(
    '/auth/magiclink/verify',
    {
      schema: {
        'x-permission': 'public',
        tags,
        summary: 'Redeems a sign-in link',
        body: tokenBodySchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (req) => service.redeemMagicLink(ctx, req.body.token, client(req)),
  );

  app.post(
    '/auth/signup',
    {
      schema: {
        'x-permission': 'public',
        tags,
        summary: 'Registers a new organization with its first administrator',
        description: 'Profile fields are accepted in snake_case and camelCase (the web client sends both).',
        body: signupBodySchema,
        response: { 201: messageSchema },
      },
    },
    async (req, reply) => {
      const b = req.body;
      const input = {
        email: b.email,
        password: b.password,
        firstName: b.first_name ?? b.firstName,
        lastName: b.last_name ?? b.lastName,
        companyName: b.company_name ?? b.companyName,
        businessRole: b.role ?? null,
        eprLicense: (b.epr_license ?? b.eprLicense) || null,
        defaultCurrency: b.default_currency ?? b.defaultCurrency ?? 'USD',
      };
      const missing: Record<string, string> = {};
      if (!input.firstName) missing['body.first_name'] = 'First name is required';
      if (!input.lastName) missing['body.last_name'] = 'Last name is required';
      if (!input.companyName) missing['body.company_name'] = 'Company name is required';
      if (Object.keys(missing).length) {
        throw new AppError('validation_failed', Object.values(missing).join(' '), { fields: missing });
      }
      const message = await service.signup(
        ctx,
        {
          ...input,
          firstName: input.firstName ?? '',
          lastName: input.lastName ?? '',
          companyName: input.companyName ?? '',
        },
        client(req),
      );
      return reply.code(201).send({ message });
    },
  );

  app.post(
    '/auth/password/forgot',
    {
      schema: {
        'x-permission': 'public',
        tags,
        summary: 'Emails a password-reset link (valid 1 hour)',
        body: magicLinkBodySchema,
        response: { 200: messageSchema },
      },
    },
    async (req) => ({ message: await service.forgotPassword(ctx, req.body.email, client(req)) }),
  );

  app.post(
    '/auth/password/reset',
    {
      schema: {
        'x-permission': 'public',
        tags,
        summary: 'Sets a new password with a reset link; signs out every session',
        body: passwordResetSchema,
        response: { 200: messageSchema },
      },
    },
    async (req) => ({
      message: await service.resetPassword(ctx, req.body.token, req.body.password, client(req)),
    }),
  );

  app.post(
    '/auth/verify-email',
    {
      schema: {
        'x-permission': 'public',
        tags,
        summary: 'Confirms an email address with the emailed link',
        body: tokenBodySchema,
        response: { 200: messageSchema },
      },
    },
    async (req) => ({ message: await service.verifyEmail(ctx, req.body.token) }),
  );
};

/** Calls that need a session. */
export const sessionRoutes: FastifyPluginAsyncZod<Opts> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));

  app.get(
    '/dashboard/users/me',
    {
      schema: {
        'x-permission': 'account.self',
        tags,
        summary: 'The signed-in member',
        response: { 200: userSchema },
      },
    },
    async (req) => service.me(ctx, callerOf(req).membershipId),
  );

  app.get(
    '/auth/organizations',
    {
      schema: {
        'x-permission': 'account.self',
        tags,
        summary: "The organizations the caller is an active member of, each with the caller's role there",
        response: { 200: z.object({ items: z.array(organizationMembershipSchema) }) },
      },
    },
    async (req) => ({ items: await organizations.organizations(ctx, callerOf(req)) }),
  );

  app.post(
    '/auth/switch-organization',
    {
      schema: {
        'x-permission': 'account.self',
        tags,
        summary: 'Moves to another organization of the caller: a new session there, this one signed out',
        description:
          'Only to an organization where the caller has an active membership (else 404). The answer is a sign-in answer: the new token and the member in that organization.',
        body: switchOrganizationBodySchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (req) =>
      organizations.switchOrganization(ctx, callerOf(req), req.body.organization_id, client(req)),
  );

  app.post(
    '/auth/logout',
    {
      schema: {
        'x-permission': 'account.self',
        tags,
        summary: 'Signs out this session',
        response: { 200: messageSchema },
      },
    },
    async (req) => {
      const c = callerOf(req);
      await service.logout(ctx, c.userId, c.sessionId);
      return { message: 'You have been signed out.' };
    },
  );

  app.post(
    '/session/refresh',
    {
      schema: {
        'x-permission': 'account.self',
        tags,
        summary: 'Extends the session (the web calls it after 12 h of activity)',
        response: {
          200: z.object({ session: z.object({ access_token: z.string(), expires_at: z.string() }) }),
        },
      },
    },
    async (req) => {
      const expires = await service.refresh(ctx, callerOf(req).sessionId);
      const token = req.headers.authorization?.slice(7).trim() ?? '';
      return { session: { access_token: token, expires_at: expires } };
    },
  );

  app.post(
    '/auth/password',
    {
      schema: {
        'x-permission': 'account.self',
        tags,
        summary: 'Changes the password; signs out the other sessions',
        body: passwordChangeSchema,
        response: { 200: messageSchema },
      },
    },
    async (req) => ({
      message: await service.changePassword(
        ctx,
        callerOf(req),
        { current: req.body.current_password, next: req.body.new_password },
        client(req),
      ),
    }),
  );

  app.post(
    '/auth/verify-email/resend',
    {
      schema: {
        'x-permission': 'account.self',
        tags,
        summary: 'Sends a new email verification link',
        response: { 200: messageSchema },
      },
    },
    async (req) => ({ message: await service.resendVerification(ctx, callerOf(req).userId, client(req)) }),
  );

  app.get(
    '/sessions',
    {
      schema: {
        'x-permission': 'account.self',
        tags,
        summary: "The caller's own live sessions",
        response: { 200: z.object({ items: z.array(ownSessionSchema) }) },
      },
    },
    async (req) => {
      const c = callerOf(req);
      return { items: await service.ownSessions(ctx, c.userId, c.sessionId) };
    },
  );

  app.delete(
    '/sessions/:id',
    {
      schema: {
        'x-permission': 'account.self',
        tags,
        summary: 'Signs out one of the caller’s sessions',
        params: z.object({ id: z.string().uuid() }),
        response: { 200: messageSchema },
      },
    },
    async (req) => {
      await service.revokeOwnSession(ctx, callerOf(req).userId, req.params.id);
      return { message: 'The session has been signed out.' };
    },
  );
};
