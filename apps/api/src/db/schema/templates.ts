import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  timestamp,
  varchar,
  text,
} from 'drizzle-orm/pg-core';
import type { DetectedMarker, MarkerConfig, TemplateSignerRouting } from '@paraaf/contract';
import { companies } from './companies.ts';
import type { PageSize } from './sign-requests.ts';
import { users } from './users.ts';

/** A company's reusable document with its markers (seed 001 'Templates management'). */
export const templates = pgTable(
  'templates',
  {
    id: serial('id').primaryKey(),
    companyId: integer('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 255 }).notNull(),
    filename: text('filename').notNull(),
    storageKey: text('storage_key').notNull(),
    /** Bytes of the stored PDF. */
    size: integer('size').notNull(),
    pageCount: integer('page_count').notNull(),
    /** Page sizes in PDF points, in page order. */
    pages: jsonb('pages').$type<PageSize[]>().notNull(),
    hasAcroforms: boolean('has_acroforms').notNull().default(false),
    /** Markers for placeholder signers 1..10 (TEMPLATE_SIGNERS). */
    config: jsonb('config').$type<MarkerConfig>().notNull().default({ variables: [], fields: [] }),
    /** Step and role per placeholder signer (1..10), for the requests and bulk rows made from it. */
    signerRouting: jsonb('signer_routing').$type<TemplateSignerRouting[]>().notNull().default([]),
    /** Where the document is signed, found on upload: suggestions, copied to its documents. */
    detectedMarkers: jsonb('detected_markers').$type<DetectedMarker[]>().notNull().default([]),
    createdByUserId: integer('created_by_user_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('templates_company_id_idx').on(t.companyId, t.id.desc())],
);
