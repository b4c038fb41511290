import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../platform/db.ts'
import { locations } from '../locations/locations.tables.ts'
import { parts } from '../parts/parts.tables.ts'
import { partners } from './partners.tables.ts'
import type { PARTNER_KINDS } from './partners.schemas.ts'

export type PartnerKind = (typeof PARTNER_KINDS)[number]
export const PARTNER_NAME_KEY = 'partners_name_lower_key'

const partnerColumns = {
  id: partners.id,
  name: partners.name,
  kind: sql<PartnerKind>`${partners.kind}`,
  contactName: partners.contactName,
  email: partners.email,
  phone: partners.phone,
  address: partners.address,
  isActive: partners.isActive,
  createdAt: partners.createdAt,
}

export function listPartners(db: Db, filter: { kind?: PartnerKind; active?: boolean }) {
  const where: SQL[] = []
  if (filter.kind) where.push(eq(partners.kind, filter.kind))
  if (filter.active !== undefined) where.push(eq(partners.isActive, filter.active))
  return db.select(partnerColumns).from(partners).where(and(...where))
    .orderBy(asc(sql`lower(${partners.name})`), asc(partners.id))
}

export async function partnerById(db: Db, id: string) {
  const [row] = await db.select(partnerColumns).from(partners).where(eq(partners.id, id))
  return row
}

/**
 * Locks the partner until the transaction ends. FOR UPDATE when its kind may change, FOR
 * SHARE when a location links to it: a kind change and a new link can never interleave.
 */
export async function lockPartner(db: Db, id: string, mode: 'update' | 'share') {
  const [row] = await db.select({ id: partners.id, kind: sql<PartnerKind>`${partners.kind}`, isActive: partners.isActive })
    .from(partners).where(eq(partners.id, id)).for(mode)
  return row
}

export async function insertPartner(db: Db, row: typeof partners.$inferInsert) {
  await db.insert(partners).values(row)
}

export async function updatePartnerRow(db: Db, id: string, set: Partial<typeof partners.$inferInsert>) {
  if (Object.keys(set).length) await db.update(partners).set(set).where(eq(partners.id, id))
}

export async function countLinkedLocations(db: Db, partnerId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(locations).where(eq(locations.partnerId, partnerId))
  return row.n
}

export async function countLinkedParts(db: Db, partnerId: string): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(parts).where(eq(parts.supplierId, partnerId))
  return row.n
}
