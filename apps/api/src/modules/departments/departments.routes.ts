import type { FastifyInstance } from 'fastify';
import { departmentBody, departmentList, departmentSchema } from '@paraaf/contract';
import { authedCtx, type Deps } from '../../lib/context.ts';
import { doc } from '../../lib/openapi/route-doc.ts';
import { idParams } from '../../lib/path-params.ts';
import * as service from './departments.service.ts';

/** Departments (seed 000 §3, seed 001 §7): list, and for company admins edit, add, remove. */
export function departmentsRoutes(app: FastifyInstance, deps: Deps): void {
  const tags: ['Afdelingen'] = ['Afdelingen'];

  app.get(
    '/api/departments',
    {
      config: {
        openapi: doc({
          summary: 'De afdelingen waarnamens je kunt versturen',
          description:
            'De standaardafdeling eerst. Zonder de functie departments alleen de standaardafdeling.',
          tags,
          response: { 200: departmentList },
          errors: [403],
        }),
      },
    },
    (request) => service.getDepartments(authedCtx(deps, request, 'getDepartments')),
  );

  app.post(
    '/api/departments',
    {
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'Een afdeling toevoegen',
          description: 'Alleen beheerders, met de functie departments.',
          tags,
          body: departmentBody,
          response: { 201: departmentSchema },
          errors: [403],
        }),
      },
    },
    async (request, reply) => {
      const ctx = authedCtx(deps, request, 'updateDepartment');
      const department = await service.createDepartment(ctx, request.body);
      return reply.code(201).send(department);
    },
  );

  app.post<{ Params: { id: number } }>(
    '/api/departments/:id',
    {
      schema: { params: idParams },
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'Een afdeling hernoemen of haar afzendernaam (mail_name) wijzigen',
          description:
            'Alleen beheerders. De standaardafdeling kan altijd gewijzigd worden; een andere ' +
            'alleen met de functie departments.',
          tags,
          body: departmentBody,
          response: { 200: departmentSchema },
          errors: [403, 404],
        }),
      },
    },
    (request) =>
      service.updateDepartment(
        authedCtx(deps, request, 'updateDepartment'),
        request.params.id,
        request.body,
      ),
  );

  app.delete<{ Params: { id: number } }>(
    '/api/departments/:id',
    {
      schema: { params: idParams },
      config: {
        openapi: doc({
          auth: 'session',
          summary: 'Een afdeling verwijderen',
          description:
            'Alleen beheerders, met de functie departments. De standaardafdeling en een afdeling ' +
            'met lopende ondertekeningen kunnen niet verwijderd worden (409); afgeronde ' +
            'ondertekeningen houden de naam van hun afdeling.',
          tags,
          response: { 204: null },
          errors: [403, 404, 409],
        }),
      },
    },
    async (request, reply) => {
      const ctx = authedCtx(deps, request, 'updateDepartment');
      await service.deleteDepartment(ctx, request.params.id);
      return reply.code(204).send();
    },
  );
}
