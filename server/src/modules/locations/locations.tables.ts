// The tables of the site tree: sites and their zones, constraints included
// (docs/architecture.md, "Tables"). After a change, `npm run db:generate` writes the next
// migration.
import { sql } from 'drizzle-orm'
import { type AnyPgColumn, check, doublePrecision, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core'
import { createdAt } from '../../db/columns.ts'
import { partners } from '../partners/partners.tables.ts'

export const locations = pgTable('locations', {
  id: uuid('id').primaryKey(),
  name: text('name').notNull(),
  parentId: uuid('parent_id').references((): AnyPgColumn => locations.id),
  // The top-level site: the location itself for a site, its parent for a zone. Kept by a
  // trigger (migration 0014) and never written by the services; NOT NULL in the store. The
  // site restriction is then `site_id = ANY(…)` rather than a walk up the tree.
  siteId: uuid('site_id').references((): AnyPgColumn => locations.id),
  address: text('address'),
  city: text('city'),
  guardianName: text('guardian_name'),
  guardianPhone: text('guardian_phone'),
  latitude: doublePrecision('latitude'),
  longitude: doublePrecision('longitude'),
  partnerId: uuid('partner_id').references(() => partners.id),
  // Assets placed directly here (a site's zones keep their own): maintained by a trigger on
  // assets (migration 0003), so that listings read a column instead of counting rows. Moving
  // a zone or a site changes none of these counts.
  assetCount: integer('asset_count').notNull().default(0),
  createdAt: createdAt(),
}, (t) => [
  index('locations_parent_idx').on(t.parentId),
  index('locations_site_idx').on(t.siteId),
  check('locations_asset_count_check', sql`${t.assetCount} >= 0`),
  index('locations_partner_idx').on(t.partnerId),
  check('locations_latitude_check', sql`${t.latitude} IS NULL OR ${t.latitude} BETWEEN -90 AND 90`),
  check('locations_longitude_check', sql`${t.longitude} IS NULL OR ${t.longitude} BETWEEN -180 AND 180`),
])
