// Every generated manual of the evaluation corpus, in upload order.
import { ascendaAd20 } from './ascenda.ts'
import { filacierRopes } from './filacier.ts'
import { hydrolisHu60 } from './hydrolis.ts'
import { kinetraKx3 } from './kinetra.ts'
import { motraneMachine } from './motrane-machine.ts'
import { motranePlan } from './motrane-plan.ts'
import type { DamagedFile, Manual } from './types.ts'
import { vertikaLv8 } from './vertika.ts'
import { ascendaAd30Damaged, kinetraKx5Withdrawn } from './withdrawn.ts'

export type { DamagedFile, Manual } from './types.ts'

export const MANUALS: Manual[] = [motraneMachine, kinetraKx3, ascendaAd20, hydrolisHu60, vertikaLv8, filacierRopes, motranePlan, kinetraKx5Withdrawn]
export const DAMAGED: DamagedFile[] = [ascendaAd30Damaged]

export const manualByKey = (key: string): Manual => {
  const m = MANUALS.find((x) => x.key === key)
  if (!m) throw new Error(`unknown manual ${key}`)
  return m
}
