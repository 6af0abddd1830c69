import { and, asc, count, eq } from 'drizzle-orm';
import { billingMessages } from '@paraaf/contract';
import type { Db } from '../../db/client.ts';
import { ssoConfigs, users } from '../../db/schema/index.ts';
import type { UserRow } from '../../lib/context.ts';
import { sha256 } from '../../lib/crypto.ts';
import { isUniqueViolation } from '../../lib/errors.ts';
import { lockCompany } from '../companies/companies.repository.ts';
import { revokeUserSessions } from '../sessions/sessions.ts';
import type { SsoConfigRow } from '../sso-settings/sso-settings.repository.ts';
import { countCompanyUsers, findUserByEmail } from '../users/users.repository.ts';

/**
 * SCIM 2.0 provisioning of a company's users (RFC 7643/7644), as Microsoft Entra ID and Okta
 * call it: create, read, list with `filter=userName eq "…"`, replace, patch (`active` false
 * deactivates and ends every session of the user at once), delete (deactivates). The userName
 * is the e-mail address; the SCIM id is the user's id. Errors in SCIM's own shape.
 */
export const SCIM_USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
const SCIM_LIST = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';
const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';
const SCIM_PATCH = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';

export class ScimError extends Error {
  constructor(
    readonly status: number,
    detail: string,
    readonly scimType?: string,
  ) {
    super(detail);
  }
  body() {
    return {
      schemas: [SCIM_ERROR],
      status: String(this.status),
      ...(this.scimType ? { scimType: this.scimType } : {}),
      detail: this.message,
    };
  }
}

const notFound = () => new ScimError(404, 'Deze gebruiker bestaat niet');
const invalid = (detail: string) => new ScimError(400, detail, 'invalidValue');

/** The company whose SCIM token this is, or 401. */
export async function scimCompany(
  db: Db,
  authorization: string | undefined,
): Promise<SsoConfigRow> {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  const [config] = token
    ? await db
        .select()
        .from(ssoConfigs)
        .where(eq(ssoConfigs.scimTokenHash, sha256(token)))
    : [];
  if (!config) throw new ScimError(401, 'Geen geldig SCIM-token');
  return config;
}

export function scimUser(user: UserRow, appUrl: string) {
  return {
    schemas: [SCIM_USER],
    id: String(user.id),
    userName: user.email,
    name: { formatted: user.name },
    displayName: user.name,
    emails: [{ value: user.email, type: 'work', primary: true }],
    active: user.isActive,
    meta: {
      resourceType: 'User',
      created: user.createdAt.toISOString(),
      location: `${appUrl}/scim/v2/Users/${user.id}`,
    },
  };
}

/** What a SCIM User body says about us: e-mail, name, active (all optional on PATCH). */
interface UserChange {
  email?: string;
  name?: string;
  active?: boolean;
}

const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/** Entra sends booleans as "True"/"False" strings in PATCH values. */
function asBoolean(v: unknown): boolean {
  if (typeof v === 'boolean') return v;
  if (typeof v === 'string' && /^(true|false)$/i.test(v)) return v.toLowerCase() === 'true';
  throw invalid('active moet true of false zijn');
}

function asEmail(v: unknown): string {
  if (typeof v !== 'string' || !/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(v.trim()) || v.length > 255)
    throw invalid('userName moet een e-mailadres zijn');
  return v.trim().toLowerCase();
}

function nameOf(resource: Record<string, unknown>): string | undefined {
  const name = record(resource.name);
  const parts = [name.givenName, name.familyName].filter((p) => typeof p === 'string' && p.trim());
  const candidates = [resource.displayName, name.formatted, parts.join(' ')];
  const found = candidates.find((c): c is string => typeof c === 'string' && c.trim() !== '');
  return found?.trim().slice(0, 255);
}

/** A full User resource (POST, PUT). */
function changeFromResource(body: unknown): UserChange & { email: string } {
  const resource = record(body);
  const primary =
    (Array.isArray(resource.emails) ? resource.emails : [])
      .map(record)
      .find((e) => e.primary === true || e.primary === 'true') ?? {};
  const email = asEmail(resource.userName ?? primary.value);
  return {
    email,
    name: nameOf(resource),
    ...(resource.active === undefined ? {} : { active: asBoolean(resource.active) }),
  };
}

/** A PatchOp: replace/add of active, userName, displayName, name.*, or a value object. */
function changeFromPatch(body: unknown): UserChange {
  const patch = record(body);
  if (!Array.isArray(patch.schemas) || !patch.schemas.includes(SCIM_PATCH))
    throw invalid('Geen PatchOp-bericht');
  const change: UserChange = {};
  for (const raw of Array.isArray(patch.Operations) ? patch.Operations : []) {
    const op = record(raw);
    const kind = typeof op.op === 'string' ? op.op.toLowerCase() : '';
    if (kind !== 'replace' && kind !== 'add') continue; // remove: nothing of ours to clear
    const path = typeof op.path === 'string' ? op.path : null;
    const values: Record<string, unknown> = path ? { [path]: op.value } : record(op.value);
    for (const [key, value] of Object.entries(values)) {
      const attribute = key.replace(`${SCIM_USER}:`, '');
      if (/^active$/i.test(attribute)) change.active = asBoolean(value);
      else if (/^userName$/i.test(attribute)) change.email = asEmail(value);
      else if (/^(displayName|name\.formatted)$/i.test(attribute) && typeof value === 'string')
        change.name = value.trim().slice(0, 255) || change.name;
      else if (/^name$/i.test(attribute)) change.name = nameOf({ name: value }) ?? change.name;
    }
  }
  return change;
}

async function findCompanyUser(db: Db, companyId: number, id: string): Promise<UserRow> {
  const userId = /^\d{1,9}$/.test(id) ? Number(id) : null;
  const [user] = userId
    ? await db
        .select()
        .from(users)
        .where(and(eq(users.id, userId), eq(users.companyId, companyId)))
    : [];
  if (!user) throw notFound();
  return user;
}

const taken = () => new ScimError(409, 'Dit e-mailadres is al in gebruik', 'uniqueness');

export async function createScimUser(db: Db, config: SsoConfigRow, body: unknown) {
  const change = changeFromResource(body);
  try {
    return await db.transaction(async (tx) => {
      const locked = (await lockCompany(tx, config.companyId))!;
      const cap = locked.plan.usersCap;
      if (cap !== null && (await countCompanyUsers(tx, config.companyId)) >= cap)
        throw new ScimError(403, billingMessages.usersCapReached);
      if (await findUserByEmail(tx, change.email)) throw taken();
      const active = change.active ?? true;
      const [user] = await tx
        .insert(users)
        .values({
          companyId: config.companyId,
          email: change.email,
          name: change.name ?? change.email.slice(0, change.email.indexOf('@')),
          role: config.defaultRole,
          isActive: active,
          activatedAt: active ? new Date() : null,
        })
        .returning();
      return user!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

export async function getScimUser(db: Db, config: SsoConfigRow, id: string) {
  return findCompanyUser(db, config.companyId, id);
}

/** Applies a change; `active: false` ends every session of the user in the same transaction. */
async function applyChange(db: Db, user: UserRow, change: UserChange): Promise<UserRow> {
  try {
    return await db.transaction(async (tx) => {
      const [updated] = await tx
        .update(users)
        .set({
          ...(change.email ? { email: change.email } : {}),
          ...(change.name ? { name: change.name } : {}),
          ...(change.active === undefined
            ? {}
            : { isActive: change.active, activatedAt: user.activatedAt ?? new Date() }),
        })
        .where(eq(users.id, user.id))
        .returning();
      if (change.active === false) await revokeUserSessions(tx, user.id);
      return updated!;
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken();
    throw error;
  }
}

export async function replaceScimUser(db: Db, config: SsoConfigRow, id: string, body: unknown) {
  const user = await findCompanyUser(db, config.companyId, id);
  return applyChange(db, user, changeFromResource(body));
}

export async function patchScimUser(db: Db, config: SsoConfigRow, id: string, body: unknown) {
  const user = await findCompanyUser(db, config.companyId, id);
  return applyChange(db, user, changeFromPatch(body));
}

/** DELETE: Paraaf keeps the user's history, so the user is deactivated, not removed. */
export async function deleteScimUser(db: Db, config: SsoConfigRow, id: string): Promise<void> {
  const user = await findCompanyUser(db, config.companyId, id);
  await applyChange(db, user, { active: false });
}

/** GET /Users: all of the company's users, or the one `userName eq "…"` names; paged 1-based. */
export async function listScimUsers(
  db: Db,
  config: SsoConfigRow,
  query: { filter?: string; startIndex?: string; count?: string },
  appUrl: string,
) {
  let email: string | null = null;
  if (query.filter) {
    const match = /^\s*userName\s+eq\s+"([^"]*)"\s*$/i.exec(query.filter);
    if (!match)
      throw new ScimError(
        400,
        'Alleen het filter userName eq "…" wordt ondersteund',
        'invalidFilter',
      );
    email = match[1]!.toLowerCase();
  }
  const startIndex = Math.max(1, Number.parseInt(query.startIndex ?? '1', 10) || 1);
  const size = Math.min(200, Math.max(0, Number.parseInt(query.count ?? '100', 10) || 0));
  const where = and(
    eq(users.companyId, config.companyId),
    email === null ? undefined : eq(users.email, email),
  );
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.id))
    .limit(size)
    .offset(startIndex - 1);
  return {
    schemas: [SCIM_LIST],
    totalResults: Number(total?.n ?? 0),
    startIndex,
    itemsPerPage: rows.length,
    Resources: rows.map((u) => scimUser(u, appUrl)),
  };
}
