import { z } from 'zod';
import { requiredString } from './fields.ts';
import { dataListSchema, departmentSchema } from './responses.ts';

/**
 * Departments (seed 000 §3 'Department', seed 001 §7): the name a request is sent on behalf of
 * ('Bedrijfsnaam' in the wizard, [[company]] in mails) and the From name of its mails.
 */
export const departmentLimits = { name: 255, mail_name: 255 } as const;

/** POST /api/departments and POST /api/departments/{id}. */
export const departmentBody = z
  .object({
    name: requiredString(departmentLimits.name),
    mail_name: requiredString(departmentLimits.mail_name),
  })
  .meta({ examples: [{ name: 'Verhuur', mail_name: 'Woonstichting Het Anker — Verhuur' }] });
export type DepartmentBody = z.output<typeof departmentBody>;

/** GET /api/departments. */
export const departmentList = dataListSchema(departmentSchema);

export const departmentMessages = {
  defaultNotRemovable: 'De standaardafdeling van je bedrijf kan niet verwijderd worden',
  /** Removing a department that open (not yet finished) requests are sent on behalf of. */
  inUse: (count: number) =>
    count === 1
      ? 'Deze afdeling wordt nog gebruikt door 1 lopende ondertekening; je kunt haar verwijderen zodra die is afgerond'
      : `Deze afdeling wordt nog gebruikt door ${count} lopende ondertekeningen; je kunt haar verwijderen zodra die zijn afgerond`,
} as const;
