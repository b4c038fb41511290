import { describe, expect, it } from 'vitest'
import type { Action, Category } from '@/lib/auth/permissions'
import { abilitiesOf } from './abilities'

const grant = (...rights: `${Category}:${Action}`[]) => (c: Category, a: Action = 'view') => rights.includes(`${c}:${a}`)
const technician = grant('WORK_ORDERS:view', 'WORK_ORDERS:edit', 'PEOPLE_TEAMS:view', 'PEOPLE_TEAMS:viewOther')
const readOnly = grant('WORK_ORDERS:view', 'WORK_ORDERS:viewOther', 'PEOPLE_TEAMS:view', 'PEOPLE_TEAMS:viewOther')
const open = {
  status: 'OPEN' as const, allowedTransitions: ['CANCELLED', 'DONE', 'ON_HOLD', 'IN_PROGRESS'] as ('OPEN' | 'IN_PROGRESS' | 'ON_HOLD' | 'DONE' | 'CANCELLED')[],
  closureBlockers: ['Le constat du rapport d’intervention n’est pas renseigné.'], personBlocked: false, releasedAt: null,
}

describe('what the detail offers', () => {
  it('offers the allowed moves in working order, start first and cancel last', () => {
    const a = abilitiesOf(open, technician)
    expect(a.moves.map((m) => m.label)).toEqual(['Démarrer', 'Terminer', 'Mettre en attente', 'Annuler l’ordre'])
    expect(a.moves.find((m) => m.to === 'CANCELLED')?.asks).toBe('reason')
  })

  it('shows what blocks closing and keeps Terminer disabled until nothing does', () => {
    const blocked = abilitiesOf(open, technician)
    expect(blocked.closureBlockers).toEqual(open.closureBlockers)
    expect(blocked.moves.find((m) => m.to === 'DONE')?.disabled).toBe(true)
    const free = abilitiesOf({ ...open, closureBlockers: [] }, technician)
    expect(free.moves.find((m) => m.to === 'DONE')?.disabled).toBe(false)
  })

  it('offers nothing to a read-only role, even when the API lists moves', () => {
    const a = abilitiesOf(open, readOnly)
    expect(a).toMatchObject({ moves: [], closureBlockers: [], editChecklist: false, editReport: false, comment: false, assign: false })
  })

  it('offers only the moves the API lists (a resumed order is not started again)', () => {
    const a = abilitiesOf({ ...open, status: 'ON_HOLD', allowedTransitions: ['IN_PROGRESS'] }, technician)
    expect(a.moves.map((m) => m.label)).toEqual(['Reprendre'])
    expect(a.closureBlockers).toEqual([])
  })

  it('makes a closed order read-only but for comments', () => {
    const a = abilitiesOf({ ...open, status: 'DONE', allowedTransitions: [], closureBlockers: [] }, technician)
    expect(a).toMatchObject({ closed: true, moves: [], editChecklist: false, editReport: false, assign: false, comment: true })
  })

  it('lets only callers who may list people change the assignees', () => {
    expect(abilitiesOf(open, grant('WORK_ORDERS:view', 'WORK_ORDERS:edit')).assign).toBe(false)
    expect(abilitiesOf(open, technician).assign).toBe(true)
  })

  it('asks when a trapped person was freed before closing, unless it is known', () => {
    expect(abilitiesOf({ ...open, personBlocked: true }, technician).moves.find((m) => m.to === 'DONE')?.asks).toBe('release')
    expect(abilitiesOf({ ...open, personBlocked: true, releasedAt: '2026-11-20T10:00:00Z' }, technician).moves.find((m) => m.to === 'DONE')?.asks).toBe('none')
  })
})
