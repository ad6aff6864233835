import {
  invitationAcceptBodySchema,
  invitationAcceptExistingBodySchema,
  invitationCreateSchema,
  invitationJoinBodySchema,
  invitationListQuerySchema,
  invitationSchema,
  invitationVerifySchema,
  loginResponseSchema,
  memberListQuerySchema,
  memberSchema,
  memberUpdateSchema,
  page,
  successSchema,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import * as service from './team.service.ts';

type Opts = { ctx: AppContext };
const idParams = z.object({ id: z.string().uuid() });

/** The two invitation calls an invitee makes before having an account. */
export const publicInvitationRoutes: FastifyPluginAsyncZod<Opts> = async (app, { ctx }) => {
  const tags = ['invitations'];
  app.get(
    '/dashboard/invitations/verify/:token',
    {
      schema: {
        'x-permission': 'public',
        tags,
        summary: 'Checks an invitation link before the invitee fills in the form',
        params: z.object({ token: z.string().max(200) }),
        response: { 200: invitationVerifySchema },
      },
    },
    async (req) => service.verifyInvitation(ctx, req.params.token),
  );

  app.post(
    '/invitations/accept',
    {
      schema: {
        'x-permission': 'public',
        tags,
        summary: 'Creates the invitee’s account and membership; the link works once',
        body: invitationAcceptBodySchema,
        response: { 200: successSchema },
      },
    },
    async (req) => {
      const b = req.body;
      const message = await service.acceptInvitation(
        ctx,
        {
          token: b.token,
          password: b.password,
          firstName: b.first_name,
          lastName: b.last_name,
          phone: b.phone,
        },
        req.ip,
      );
      return { success: true, message };
    },
  );

  app.post(
    '/invitations/accept-existing',
    {
      schema: {
        'x-permission': 'public',
        tags,
        summary: 'Joins the organization with the account the invited email already has',
        description:
          "The account's password proves the invitee is its owner (checked and rate-limited like a sign-in). Adds the invited membership, leaves name and password unchanged, and answers a session in the organization joined.",
        body: invitationAcceptExistingBodySchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (req) =>
      service.acceptInvitationWithAccount(
        ctx,
        { token: req.body.token, password: req.body.password, remember: req.body.remember_me ?? false },
        { ip: req.ip, userAgent: req.headers['user-agent'], log: req.log },
      ),
  );
};

export const teamRoutes: FastifyPluginAsyncZod<Opts> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));

  app.post(
    '/invitations',
    {
      schema: {
        'x-permission': 'invitations.manage',
        tags: ['invitations'],
        summary: 'Invites someone by email (admins any role; managers all but admin)',
        body: invitationCreateSchema,
        response: { 201: invitationSchema },
      },
    },
    async (req, reply) => {
      const inv = await service.invite(ctx, callerOf(req), {
        email: req.body.email,
        role: req.body.role,
        supplierId: req.body.supplier_id,
      });
      return reply.code(201).send(inv);
    },
  );

  app.post(
    '/invitations/join',
    {
      schema: {
        'x-permission': 'account.self',
        tags: ['invitations'],
        summary: 'Joins the organization of an invitation to the signed-in email; the session moves there',
        description:
          'Only a session of the invited email may use the link (else 403). Adds the invited membership (409 when already a member) and moves the session there as POST /api/auth/switch-organization does: the answer is a sign-in answer with a new token, and this session is signed out.',
        body: invitationJoinBodySchema,
        response: { 200: loginResponseSchema },
      },
    },
    async (req) =>
      service.joinSignedIn(ctx, callerOf(req), req.body.token, {
        ip: req.ip,
        userAgent: req.headers['user-agent'],
        log: req.log,
      }),
  );

  app.get(
    '/invitations',
    {
      schema: {
        'x-permission': 'invitations.read',
        tags: ['invitations'],
        summary: 'Invitations of the organization',
        querystring: invitationListQuerySchema,
        response: { 200: page(invitationSchema) },
      },
    },
    async (req) => service.listInvitations(ctx, callerOf(req), req.query),
  );

  app.post(
    '/invitations/:id/resend',
    {
      schema: {
        'x-permission': 'invitations.manage',
        tags: ['invitations'],
        summary: 'Sends a new link with a fresh 7-day expiry',
        params: idParams,
        response: { 200: invitationSchema },
      },
    },
    async (req) => service.resendInvitation(ctx, callerOf(req), req.params.id),
  );

  app.post(
    '/invitations/:id/revoke',
    {
      schema: {
        'x-permission': 'invitations.manage',
        tags: ['invitations'],
        summary: 'Revokes a pending invitation',
        params: idParams,
        response: { 200: invitationSchema },
      },
    },
    async (req) => service.revokeInvitation(ctx, callerOf(req), req.params.id),
  );

  app.get(
    '/members',
    {
      schema: {
        'x-permission': 'members.read',
        tags: ['members'],
        summary: 'Members of the organization',
        querystring: memberListQuerySchema,
        response: { 200: page(memberSchema) },
      },
    },
    async (req) => service.listMembers(ctx, callerOf(req), req.query),
  );

  app.patch(
    '/members/:id',
    {
      schema: {
        'x-permission': 'members.manage',
        tags: ['members'],
        summary: 'Changes a member’s role (admins only)',
        params: idParams,
        body: memberUpdateSchema,
        response: { 200: memberSchema },
      },
    },
    async (req) =>
      service.changeMember(ctx, callerOf(req), req.params.id, {
        role: req.body.role,
        version: req.body.version,
      }),
  );

  app.post(
    '/members/:id/deactivate',
    {
      schema: {
        'x-permission': 'members.manage',
        tags: ['members'],
        summary: 'Deactivates a member and ends their sessions',
        params: idParams,
        response: { 200: memberSchema },
      },
    },
    async (req) => service.changeMember(ctx, callerOf(req), req.params.id, { status: 'deactivated' }),
  );

  app.post(
    '/members/:id/reactivate',
    {
      schema: {
        'x-permission': 'members.manage',
        tags: ['members'],
        summary: 'Reactivates a member',
        params: idParams,
        response: { 200: memberSchema },
      },
    },
    async (req) => service.changeMember(ctx, callerOf(req), req.params.id, { status: 'active' }),
  );
};
