// The two meters every asset gets at creation. For an elevator, what maintenance is planned
// on: the trip counter of the controller (wear of doors, ropes, brake) and the running hours
// of the machine (motor and gearbox service intervals).
import { uuidv7 } from 'uuidv7'
import { meters } from './meters.tables.ts'
import type { Db } from '../../platform/db.ts'
import type { MeterKind } from './meters.kinds.ts'

export const DEFAULT_METERS: { kind: MeterKind; name: string; unit: string }[] = [
  { kind: 'TRIPS', name: 'Nombre de courses', unit: 'courses' },
  { kind: 'RUNNING_HOURS', name: 'Heures de fonctionnement', unit: 'h' },
]

/** Creates the asset's two meters; call inside the asset-creation transaction. */
export async function createDefaultMeters(tx: Db, assetId: string, at: Date): Promise<void> {
  await tx.insert(meters).values(DEFAULT_METERS.map((m) => ({ id: uuidv7(), assetId, ...m, createdAt: at })))
}
