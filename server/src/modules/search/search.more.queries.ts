// Global search over the catalogue and the people (issue 19): parts by reference or
// designation, people by name, through the trigram indexes of migration 0023. Parts have no
// site scope; people follow their listing (others only with view-other on PEOPLE_TEAMS).
import { sql } from 'drizzle-orm'
import { parts } from '../parts/parts.tables.ts'
import { users } from '../users/users.tables.ts'
import { ownRecords } from '../../db/scope.queries.ts'
import { rowsOf } from '../../db/set-based.queries.ts'
import type { Scope } from '../../http/principal.ts'
import type { Db } from '../../platform/db.ts'
import { containsPattern } from '../assets/assets.list.queries.ts'
import { PER_FAMILY } from './search.queries.ts'

export interface PartHit { id: string; reference: string; designation: string; quantity: number }
export interface PersonHit { id: string; displayName: string; initials: string }

/** Parts whose reference or designation contains the text (accents ignored): the exact reference first, then by reference. */
export function searchParts(db: Db, q: string): Promise<PartHit[]> {
  const text = q.trim()
  const p = containsPattern(text)
  return rowsOf<PartHit>(db.execute(sql`
    SELECT ${parts.id} AS id, ${parts.reference} AS reference, ${parts.designation} AS designation, ${parts.quantity} AS quantity
    FROM ${parts}
    WHERE ${parts.reference} ILIKE ${p} OR palier_unaccent(${parts.designation}) ILIKE palier_unaccent(${p})
    ORDER BY upper(${parts.reference}) = upper(${text}) DESC, ${parts.reference} ILIKE ${p} DESC, ${parts.reference}, ${parts.id}
    LIMIT ${PER_FAMILY}`))
}

/** People whose name contains the text (accents ignored), by name; the caller alone without view-other. */
export function searchPeople(db: Db, scope: Scope, q: string): Promise<PersonHit[]> {
  const p = containsPattern(q.trim())
  const own = ownRecords(scope, (userId) => sql`${users.id} = ${userId}::uuid`)
  return rowsOf<PersonHit>(db.execute(sql`
    SELECT ${users.id} AS id, ${users.displayName} AS "displayName", ${users.initials} AS initials
    FROM ${users}
    WHERE palier_unaccent(${users.displayName}) ILIKE palier_unaccent(${p})${own ? sql` AND (${own})` : sql``}
    ORDER BY ${users.displayName}, ${users.id}
    LIMIT ${PER_FAMILY}`))
}
