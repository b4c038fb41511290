import { describe, expect, it } from 'vitest'
import type { Schemas } from '@/lib/api/client'
import type { Action, Category } from '@/lib/auth/permissions'
import { abilitiesOf } from './abilities'

const grant = (...rights: `${Category}:${Action}`[]) => (c: Category, a: Action = 'view') => rights.includes(`${c}:${a}`)
const listsPeople = grant('WORK_ORDERS:view', 'PEOPLE_TEAMS:view', 'PEOPLE_TEAMS:viewOther')
const nothing: Schemas['WorkOrderAbilities'] = {
  comment: false, editChecklist: false, editReport: false, assign: false, enterCosts: false, logTimeForOthers: false, manageDocuments: false, recordTimes: false, correctTimes: false,
}
const working: Schemas['WorkOrderAbilities'] = {
  comment: true, editChecklist: true, editReport: true, assign: true, enterCosts: true, logTimeForOthers: false, manageDocuments: true, recordTimes: true, correctTimes: false,
}
// An open order as the API sends it to a technician working on it.
const open = {
  status: 'OPEN' as const, allowedTransitions: ['CANCELLED', 'DONE', 'ON_HOLD', 'IN_PROGRESS'] as ('OPEN' | 'IN_PROGRESS' | 'ON_HOLD' | 'DONE' | 'CANCELLED')[],
  closureBlockers: ['Le constat du rapport d’intervention n’est pas renseigné.'], personBlocked: false, releasedAt: null, abilities: working,
}

describe('what the detail offers', () => {
  it('offers the allowed moves in working order, start first and cancel last', () => {
    const a = abilitiesOf(open, listsPeople)
    expect(a.moves.map((m) => m.label)).toEqual(['Démarrer', 'Terminer', 'Mettre en attente', 'Annuler l’ordre'])
    expect(a.moves.find((m) => m.to === 'CANCELLED')?.asks).toBe('reason')
  })

  it('shows what blocks closing and keeps Terminer disabled until nothing does', () => {
    const blocked = abilitiesOf(open, listsPeople)
    expect(blocked.closureBlockers).toEqual(open.closureBlockers)
    expect(blocked.moves.find((m) => m.to === 'DONE')?.disabled).toBe(true)
    const free = abilitiesOf({ ...open, closureBlockers: [] }, listsPeople)
    expect(free.moves.find((m) => m.to === 'DONE')?.disabled).toBe(false)
  })

  it('offers what the API says the caller may do, and nothing when it says nothing (a read-only role, an order not its own)', () => {
    expect(abilitiesOf(open, listsPeople)).toMatchObject({
      comment: true, editChecklist: true, editReport: true, assign: true, enterCosts: true, logTimeForOthers: false, manageDocuments: true,
    })
    const a = abilitiesOf({ ...open, allowedTransitions: [], abilities: nothing }, listsPeople)
    expect(a).toMatchObject({ moves: [], closureBlockers: [], editChecklist: false, editReport: false, comment: false, assign: false, enterCosts: false, manageDocuments: false })
  })

  it('offers only the moves the API lists (a resumed order is not started again)', () => {
    const a = abilitiesOf({ ...open, status: 'ON_HOLD', allowedTransitions: ['IN_PROGRESS'] }, listsPeople)
    expect(a.moves.map((m) => m.label)).toEqual(['Reprendre'])
    expect(a.closureBlockers).toEqual([])
  })

  it('follows the API on a closed order: comments and documents only, as it says', () => {
    const a = abilitiesOf({ ...open, status: 'DONE', allowedTransitions: [], closureBlockers: [], abilities: { ...nothing, comment: true, manageDocuments: true } }, listsPeople)
    expect(a).toMatchObject({ moves: [], editChecklist: false, editReport: false, assign: false, enterCosts: false, comment: true, manageDocuments: true })
  })

  it('lets only callers who may list people change the assignees', () => {
    expect(abilitiesOf(open, grant('WORK_ORDERS:view', 'WORK_ORDERS:edit')).assign).toBe(false)
    expect(abilitiesOf(open, listsPeople).assign).toBe(true)
    expect(abilitiesOf({ ...open, abilities: { ...working, assign: false } }, listsPeople).assign).toBe(false)
  })

  it('asks when a trapped person was freed before closing, unless it is known', () => {
    expect(abilitiesOf({ ...open, personBlocked: true }, listsPeople).moves.find((m) => m.to === 'DONE')?.asks).toBe('release')
    expect(abilitiesOf({ ...open, personBlocked: true, releasedAt: '2026-11-20T10:00:00Z' }, listsPeople).moves.find((m) => m.to === 'DONE')?.asks).toBe('none')
  })
})
