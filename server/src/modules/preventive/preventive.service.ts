import { uuidv7 } from 'uuidv7'
import type { Platform } from '../module.ts'
import { badRequest, conflict, isUniqueViolation, notFound } from '../../http/errors.ts'
import type { Scope } from '../../http/principal.ts'
import type { Static } from '../../http/schema-kit.ts'
import type { Db } from '../../platform/db.ts'
import * as gen from './preventive.generate.queries.ts'
import { currentPeriodKey, frenchMonth, generationWindow, monthEnd, monthIndex } from './preventive.months.ts'
import * as q from './preventive.queries.ts'
import { fleetInspections, fleetVisits } from './preventive.due.queries.ts'
import { MAX_VISIT_LIST, type PreventiveGenerate, type TaskTemplateCreate, type TaskTemplatesQuery, type TaskTemplateUpdate } from './preventive.schemas.ts'

/** The unique index lower(label) decides between concurrent writers. */
function storeConflicts(err: unknown): never {
  if (isUniqueViolation(err, q.TASK_TEMPLATE_LABEL_KEY)) throw conflict('TASK_TEMPLATE_TAKEN')
  throw err
}

export interface GenerationResult { month: string; created: number; alreadyPresent: number; firstControls: number }

/** What the monthly job did: `result` is absent when the month was already generated or another replica held the lock. */
export interface MonthlyRun { month: string; result?: GenerationResult }

export class PreventiveService {
  readonly #deps: Pick<Platform, 'database' | 'clock'>
  constructor(deps: Pick<Platform, 'database' | 'clock'>) { this.#deps = deps }

  get #db() { return this.#deps.database.db }

  async listTemplates(filter: Static<typeof TaskTemplatesQuery>) {
    return { taskTemplates: await q.listTaskTemplates(this.#db, filter) }
  }

  async createTemplate(input: Static<typeof TaskTemplateCreate>) {
    return q.insertTaskTemplate(this.#db, {
      id: uuidv7(), label: input.label.trim(), periodicityMonths: input.periodicityMonths, createdAt: this.#deps.clock.now(),
    }).catch(storeConflicts)
  }

  // Grids already generated keep their checklist: a change applies to later generations.
  async updateTemplate(id: string, input: Static<typeof TaskTemplateUpdate>) {
    const row = await q.updateTaskTemplateRow(this.#db, id, {
      ...(input.label !== undefined ? { label: input.label.trim() } : {}),
      ...(input.periodicityMonths !== undefined ? { periodicityMonths: input.periodicityMonths } : {}),
      ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
    }).catch(storeConflicts)
    if (!row) throw notFound('Tâche de maintenance introuvable.')
    return row
  }

  /**
   * generatePreventive: the caller's sites only when it is assigned to some (the month then
   * stays unrecorded, the monthly job will still cover the whole fleet), the whole fleet otherwise.
   */
  async generate(scope: Scope, input: Static<typeof PreventiveGenerate>): Promise<GenerationResult> {
    const { first, last } = generationWindow(this.#deps.clock.now())
    if (input.month < first || input.month > last) {
      throw badRequest('MONTH_OUT_OF_RANGE', `Le mois doit être compris entre ${first} et ${last}.`, [{ field: 'month', message: `entre ${first} et ${last}` }])
    }
    return this.generateMonth(input.month, { actorId: scope.userId, siteIds: scope.siteIds })
  }

  /**
   * Generates a month (any month: seeders and benchmarks call this directly). Waits for a
   * generation in progress, so that the answer counts what is really there afterwards.
   */
  async generateMonth(periodKey: string, opts: { actorId?: string | null; siteIds?: string[] | null } = {}): Promise<GenerationResult> {
    const siteIds = opts.siteIds ?? null
    return this.#db.transaction(async (tx) => {
      await gen.waitForGenerationLock(tx)
      const counts = await this.#writeGrids(tx, periodKey, opts.actorId ?? null, siteIds)
      if (!siteIds) await gen.recordRun(tx, { periodKey, ranAt: this.#deps.clock.now(), created: counts.created, firstControls: counts.firstControls })
      return { month: periodKey, ...counts }
    })
  }

  /**
   * The monthly job (every replica runs it): generates the current month for the whole fleet
   * unless it is recorded already. A replica that finds the lock taken leaves it to the one
   * holding it; the one that gets it checks again inside the lock, so a month runs once.
   */
  async runMonthlyJob(): Promise<MonthlyRun> {
    const now = this.#deps.clock.now()
    const month = currentPeriodKey(now)
    if (await gen.monthRecorded(this.#db, month)) return { month }
    return this.#db.transaction(async (tx) => {
      if (!await gen.tryGenerationLock(tx)) return { month }
      if (await gen.monthRecorded(tx, month)) return { month }
      const counts = await this.#writeGrids(tx, month, null, null)
      await gen.recordRun(tx, { periodKey: month, ranAt: now, created: counts.created, firstControls: counts.firstControls })
      return { month, result: { month, ...counts } }
    })
  }

  async status(scope: Scope) {
    const now = this.#deps.clock.now()
    const month = currentPeriodKey(now)
    const [counts, visits, inspections] = await Promise.all([
      q.preventiveStatusCounts(this.#db, scope, month, now),
      fleetVisits(this.#db, scope, now, MAX_VISIT_LIST),
      fleetInspections(this.#db, scope, now, MAX_VISIT_LIST),
    ])
    return { month, ...counts, ...visits, ...inspections }
  }

  #writeGrids(tx: Db, periodKey: string, actorId: string | null, siteIds: string[] | null) {
    const label = frenchMonth(periodKey)
    return gen.generateGrids(tx, {
      periodKey,
      monthIndex: monthIndex(periodKey),
      dueAt: monthEnd(periodKey),
      now: this.#deps.clock.now(),
      actorId,
      siteIds,
      description: {
        regular: `Visite d’entretien préventif — ${label}`,
        firstControl: `Première visite d’entretien préventif, contrôle complet — ${label}`,
      },
    })
  }
}
