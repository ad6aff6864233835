import {
  driverCreateSchema,
  driverListQuerySchema,
  driverSchema,
  driverUpdateSchema,
  haulerCreateSchema,
  haulerListQuerySchema,
  haulerSchema,
  haulerUpdateSchema,
  vehicleCreateSchema,
  vehicleListQuerySchema,
  vehicleSchema,
  vehicleUpdateSchema,
} from '@plastrace/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { recordRoutes } from '../masterdata/record-routes.ts';
import * as drivers from './drivers.service.ts';
import * as haulers from './haulers.service.ts';
import * as vehicles from './vehicles.service.ts';

/** /api/drivers, /api/vehicles, /api/haulers: who and what carries material out, kept as master data. */
export const dispatchersRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(
    recordRoutes({
      path: '/drivers',
      tag: 'drivers',
      noun: 'driver',
      schemas: {
        list: driverListQuerySchema,
        create: driverCreateSchema,
        update: driverUpdateSchema,
        view: driverSchema,
      },
      service: drivers,
    }),
    { ctx },
  );
  await app.register(
    recordRoutes({
      path: '/vehicles',
      tag: 'vehicles',
      noun: 'vehicle',
      schemas: {
        list: vehicleListQuerySchema,
        create: vehicleCreateSchema,
        update: vehicleUpdateSchema,
        view: vehicleSchema,
      },
      service: vehicles,
    }),
    { ctx },
  );
  await app.register(
    recordRoutes({
      path: '/haulers',
      tag: 'haulers',
      noun: 'hauler',
      schemas: {
        list: haulerListQuerySchema,
        create: haulerCreateSchema,
        update: haulerUpdateSchema,
        view: haulerSchema,
      },
      service: haulers,
    }),
    { ctx },
  );
};
