import {
  booksClosedBodySchema,
  dashboardSummarySchema,
  listQuerySchema,
  notificationSchema,
  organizationSchema,
  organizationUpdateSchema,
  profileUpdateSchema,
  str,
  supplierLookupSchema,
  userSchema,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { authenticate, callerOf } from '../../plugins/auth.ts';
import { closeBooks } from './books.ts';
import { logoRoutes } from './logo.routes.ts';
import * as service from './organization.service.ts';
import { toOrganization } from './organization.service.ts';

const unread = z.object({ unread_count: z.number().int() });

/** Organization settings, the member's own profile, notifications and the dashboard summary. */
export const organizationRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', authenticate(ctx.db));
  await app.register(logoRoutes, { ctx });

  app.get(
    '/organization',
    {
      schema: {
        'x-permission': 'organization.read',
        tags: ['organization'],
        summary: 'The caller’s organization',
        response: { 200: organizationSchema },
      },
    },
    async (req) => service.organization(ctx, callerOf(req)),
  );

  app.patch(
    '/organization',
    {
      schema: {
        'x-permission': 'organization.manage',
        tags: ['organization'],
        summary:
          'Changes name, default currency, time zone, EPR licence, tolerances, tariff and GS1 company prefix (admins only)',
        body: organizationUpdateSchema,
        response: { 200: organizationSchema },
      },
    },
    async (req) => service.updateOrganization(ctx, callerOf(req), req.body),
  );

  app.put(
    '/organization/books-closed',
    {
      schema: {
        'x-permission': 'books.close',
        tags: ['organization'],
        summary: 'Closes the books through a past day (or reopens them), with the reason; audited',
        description:
          'Every posting (deliveries, voids, payments and their reversals, stock movements, counts) dated on or before the day is refused with 422. Moving the date back reopens a period.',
        body: booksClosedBodySchema,
        response: { 200: organizationSchema },
      },
    },
    async (req) => toOrganization(await closeBooks(ctx, callerOf(req), req.body)),
  );

  app.patch(
    '/profile',
    {
      schema: {
        'x-permission': 'account.self',
        tags: ['profile'],
        summary: 'Changes the caller’s name and phone',
        body: profileUpdateSchema,
        response: { 200: userSchema },
      },
    },
    async (req) => service.updateProfile(ctx, callerOf(req), req.body),
  );

  app.get(
    '/notifications',
    {
      schema: {
        'x-permission': 'account.self',
        tags: ['notifications'],
        summary: 'The caller’s notifications, newest first',
        querystring: listQuerySchema.extend({ unread: z.stringbool().optional() }),
        response: {
          200: z.object({
            items: z.array(notificationSchema),
            next_cursor: z.string().nullable(),
            unread_count: z.number().int(),
          }),
        },
      },
    },
    async (req) => service.notifications(ctx, callerOf(req), req.query),
  );

  app.post(
    '/notifications/:id/read',
    {
      schema: {
        'x-permission': 'account.self',
        tags: ['notifications'],
        summary: 'Marks a notification read',
        params: z.object({ id: z.string().uuid() }),
        response: { 200: unread },
      },
    },
    async (req) => service.markRead(ctx, callerOf(req), req.params.id),
  );

  app.post(
    '/notifications/read-all',
    {
      schema: {
        'x-permission': 'account.self',
        tags: ['notifications'],
        summary: 'Marks every notification read',
        response: { 200: unread },
      },
    },
    async (req) => service.markRead(ctx, callerOf(req)),
  );

  app.get(
    '/dashboard/summary',
    {
      schema: {
        'x-permission': 'dashboard.read',
        tags: ['dashboard'],
        summary: 'Organization, team and recent activity at a glance',
        response: { 200: dashboardSummarySchema },
      },
    },
    async (req) => service.summary(ctx, callerOf(req)),
  );

  app.get(
    '/suppliers/lookup',
    {
      schema: {
        'x-permission': 'masterdata.read',
        tags: ['suppliers'],
        summary: 'Suppliers by name or code, for pickers such as the invitation form',
        querystring: z.object({
          q: str().trim().max(100).optional(),
          limit: z.coerce.number().int().min(1).max(50).default(20),
        }),
        response: { 200: z.object({ items: z.array(supplierLookupSchema) }) },
      },
    },
    async (req) => service.suppliersLookup(ctx, callerOf(req), req.query.q, req.query.limit),
  );
};
