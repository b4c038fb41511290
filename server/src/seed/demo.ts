// Seeds the demonstration dataset into an empty store (demo mode only). Idempotent: a store
// that already has people is left alone, so restarts keep what the visitor changed. With a
// storage (the service's start), the demo library gets its manuals; a caller that passes none
// (tests of the rows alone) gets everything else.
import { sql } from 'drizzle-orm'
import { uuidv7 } from 'uuidv7'
import type { Platform } from '../modules/module.ts'
import { initialsOf } from '../modules/users/users.service.ts'
import { roles } from '../modules/access/access.tables.ts'
import { locations } from '../modules/locations/locations.tables.ts'
import { partners } from '../modules/partners/partners.tables.ts'
import { teamMembers, teams } from '../modules/teams/teams.tables.ts'
import { users, userSites } from '../modules/users/users.tables.ts'
import { seedDemoFleet } from './demo-assets.ts'
import { seedDemoManuals } from './demo-manuals.ts'
import { seedDemoOperations } from './demo-operations.ts'
import { seedDemoParts } from './demo-parts.ts'
import { DEMO_PARTNERS, DEMO_PEOPLE, DEMO_SITES, DEMO_TEAMS } from './demo-data.ts'
import { seedDemoTaskTemplates } from './demo-preventive.ts'

export async function seedDemo(deps: Pick<Platform, 'database' | 'clock'> & Partial<Pick<Platform, 'storage'>>): Promise<boolean> {
  const now = deps.clock.now()
  const written: string[] = []
  return deps.database.db.transaction(async (tx) => {
    // Serialises concurrent starts on one store: the second waits, then sees the people.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(727465002)`)
    const [{ n }] = await tx.select({ n: sql<number>`count(*)::int` }).from(users)
    if (n > 0) return false

    const partnerIds = new Map<string, string>()
    for (const { key, ...p } of DEMO_PARTNERS) {
      const id = uuidv7()
      partnerIds.set(key, id)
      await tx.insert(partners).values({ id, ...p, createdAt: now })
    }

    // Sites by key, zones by 'site-key/Zone name'.
    const locationIds = new Map<string, string>()
    for (const { key, zones, partner, ...s } of DEMO_SITES) {
      const id = uuidv7()
      locationIds.set(key, id)
      await tx.insert(locations).values({ id, ...s, partnerId: partner ? partnerIds.get(partner)! : null, createdAt: now })
      const zoneRows = zones.map((name) => ({ id: uuidv7(), name, parentId: id, city: s.city, createdAt: now }))
      for (const z of zoneRows) locationIds.set(`${key}/${z.name}`, z.id)
      await tx.insert(locations).values(zoneRows)
    }

    const roleIds = new Map((await tx.select({ id: roles.id, name: roles.name }).from(roles)).map((r) => [r.name, r.id]))
    const userIds = new Map<string, string>()
    for (const p of DEMO_PEOPLE) {
      const id = uuidv7()
      userIds.set(p.key, id)
      // Staff accounts are active without a password: the demo enters through demo login.
      await tx.insert(users).values({
        id, email: p.email, displayName: p.displayName, initials: initialsOf(p.displayName), phone: p.phone,
        roleId: roleIds.get(p.role)!, isDemo: p.isDemo, hourlyRateCents: p.hourlyRateCents, activatedAt: now, createdAt: now,
      })
      if (p.sites?.length) await tx.insert(userSites).values(p.sites.map((s) => ({ userId: id, locationId: locationIds.get(s)! })))
    }

    for (const t of DEMO_TEAMS) {
      const id = uuidv7()
      await tx.insert(teams).values({ id, name: t.name, description: t.description, createdAt: now })
      await tx.insert(teamMembers).values(t.members.map((m) => ({ teamId: id, userId: userIds.get(m)! })))
    }

    const assetIds = await seedDemoFleet(tx, { now, locationIds, userIds })
    await seedDemoTaskTemplates(tx, now)
    await seedDemoOperations(tx, { now, userIds, assetIds })
    await seedDemoParts(tx, { now, partnerIds, userIds })
    if (deps.storage) await seedDemoManuals(tx, deps.storage, { now, assetIds, uploadedBy: userIds.get('admin')! }, written)
    return true
  }).catch(async (err) => {
    // The rows are rolled back: the files written for them go too.
    for (const key of written) await deps.storage?.delete(key).catch(() => {})
    throw err
  })
}

