import { describe, expect, it } from 'vitest'
import { closureBlockersOf, withTransition } from './offline'

const report = { symptom: null, component: null, cause: null, action: null, result: null, circumstance: null, notes: null, updatedAt: null, updatedBy: null }
const v = { id: 'v', label: 'x' }

describe('an order worked offline', () => {
  it('says what still prevents closing, as the API would', () => {
    expect(closureBlockersOf({ status: 'IN_PROGRESS', report, checklist: [{ status: 'TODO' }, { status: 'TODO' }] as never })).toEqual([
      'Le constat du rapport d’intervention n’est pas renseigné.',
      'La cause du rapport d’intervention n’est pas renseignée.',
      'L’action du rapport d’intervention n’est pas renseignée.',
      '2 tâches de la liste de contrôle restent à faire.',
    ])
    expect(closureBlockersOf({ status: 'IN_PROGRESS', report: { ...report, symptom: v, cause: v, action: v }, checklist: [{ status: 'DONE' }, { status: 'NA' }] as never })).toEqual([])
  })

  it('a closed order offers no move and has nothing left to block', () => {
    const d = { status: 'IN_PROGRESS', allowedTransitions: ['ON_HOLD', 'DONE', 'CANCELLED'], closureBlockers: [], report, checklist: [], startedAt: 'x' } as never
    const done = withTransition(d, 'DONE')
    expect(done.status).toBe('DONE')
    expect(done.allowedTransitions).toEqual([])
    expect(done.completedAt).toBeTruthy()
  })
})
