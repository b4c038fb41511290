import { uuidv7 } from 'uuidv7'
import { badRequest, findPgError, isUniqueViolation, notFound } from '../../http/errors.ts'
import type { Static } from '../../http/schema-kit.ts'
import type { Scope } from '../../http/principal.ts'
import type { Platform } from '../module.ts'
import * as q from './meters.queries.ts'
import type { MeterReadingCreate } from './meters.schemas.ts'

/** Readings may be dated slightly ahead of the server: a tablet's clock is rarely exact. */
export const CLOCK_SKEW_MS = 5 * 60_000

const assetNotFound = () => notFound('Équipement introuvable.')
const notIncreasing = (last: number | null) => badRequest('READING_NOT_INCREASING',
  last === null ? undefined : `Le relevé doit être strictement supérieur au précédent (${last}).`,
  [{ field: 'value', message: 'doit être strictement supérieur au relevé précédent' }])

/**
 * The database has the last word on the chain: a reading that does not go up (check) or that
 * follows the same previous value as another (unique chain index) is the same client error,
 * never a 500, even if a race slipped past the row lock.
 */
function storeConflicts(err: unknown): never {
  if (isUniqueViolation(err, 'meter_readings_chain_key')) throw notIncreasing(null)
  const pg = findPgError(err)
  if (pg?.code === '23514' && pg.constraint === 'meter_readings_increasing_check') throw notIncreasing(null)
  throw err
}

export class MetersService {
  readonly #deps: Pick<Platform, 'database' | 'clock'>
  constructor(deps: Pick<Platform, 'database' | 'clock'>) { this.#deps = deps }

  get #db() { return this.#deps.database.db }

  /**
   * Meters are the asset's, not a person's: view-other does not narrow them. The site
   * restriction applies to the asset, so a caller assigned to sites sees only theirs.
   */
  async #visibleAsset(scope: Scope, assetId: string) {
    if (!(await q.assetInScope(this.#db, assetId, scope))) throw assetNotFound()
  }

  // Scope check and answer in one statement: a hidden or missing asset yields no row.
  async #load(scope: Scope, assetId: string) {
    const answer = await q.metersWithReadings(this.#db, assetId, scope)
    if (!answer) throw assetNotFound()
    return answer
  }

  get(scope: Scope, assetId: string) {
    return this.#load(scope, assetId)
  }

  async addReading(scope: Scope, assetId: string, input: Static<typeof MeterReadingCreate>) {
    await this.#visibleAsset(scope, assetId)
    const given = input.readAt === undefined ? null : new Date(input.readAt)
    if (given && given.getTime() > this.#deps.clock.now().getTime() + CLOCK_SKEW_MS) {
      throw badRequest('READING_IN_FUTURE', undefined, [{ field: 'readAt', message: 'date dans le futur' }])
    }
    await this.#db.transaction(async (tx) => {
      const meter = await q.lockMeter(tx, input.meterId, assetId)
      if (!meter) {
        throw badRequest('UNKNOWN_METER', undefined, [{ field: 'meterId', message: 'compteur inconnu pour cet équipement' }])
      }
      // "Now" is read under the lock: of two posts queued on one meter, the later one cannot
      // carry an earlier default time. A previous reading dated within the skew allowance
      // would still be ahead of it: an undated reading then takes that time rather than fail.
      const now = this.#deps.clock.now()
      const readAt = given ?? (meter.lastReadAt && meter.lastReadAt > now ? meter.lastReadAt : now)
      if (meter.lastValue !== null && input.value <= meter.lastValue) throw notIncreasing(meter.lastValue)
      if (meter.lastReadAt && readAt < meter.lastReadAt) {
        throw badRequest('READING_OUT_OF_ORDER', `La date du relevé ne peut pas précéder celle du dernier relevé (${meter.lastReadAt.toISOString()}).`,
          [{ field: 'readAt', message: 'antérieure au dernier relevé' }])
      }
      // Id and creation time taken under the lock, so that they follow the chain's order.
      await q.appendReading(tx, {
        id: uuidv7(), meterId: meter.id, value: input.value, previousValue: meter.lastValue,
        readAt, recordedBy: scope.userId, createdAt: now,
      })
    }).catch(storeConflicts)
    return this.#load(scope, assetId)
  }
}
