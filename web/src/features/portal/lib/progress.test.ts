import { describe, expect, it } from 'vitest'
import { currentLabel, progressSteps, type ApiStep } from './progress'

const at = '2026-06-10T14:00:00.000Z'
const api = (...dated: ApiStep['key'][]): ApiStep[] => ([
  ['RECEIVED', 'Reçu'], ['ASSIGNED', 'Pris en charge'], ['ON_SITE', 'Technicien sur place'], ['RESOLVED', 'Résolu'],
] as const).map(([key, label]) => ({ key, label, at: dated.includes(key) ? at : null }))
const states = (p: Parameters<typeof progressSteps>[0], steps: ApiStep[]) => progressSteps(p, steps)?.map((s) => `${s.label}:${s.state}`)

describe('tracking timeline', () => {
  it('a received report is at its first step', () => {
    expect(states('RECEIVED', api('RECEIVED'))).toEqual(['Reçu:current', 'Pris en charge:upcoming', 'Technicien sur place:upcoming', 'Résolu:upcoming'])
  })
  it('an assigned technician: taken in charge, not yet on site', () => {
    const steps = progressSteps('RECEIVED', api('RECEIVED', 'ASSIGNED'))
    expect(steps?.map((s) => s.state)).toEqual(['done', 'current', 'upcoming', 'upcoming'])
    expect(currentLabel('Reçu', steps)).toBe('Pris en charge')
  })
  it('a technician on site', () => {
    expect(states('IN_PROGRESS', api('RECEIVED', 'ASSIGNED', 'ON_SITE'))).toEqual(['Reçu:done', 'Pris en charge:done', 'Technicien sur place:current', 'Résolu:upcoming'])
  })
  it('a resolved report has every step done, an unrecorded arrival included', () => {
    const steps = progressSteps('RESOLVED', api('RECEIVED', 'ASSIGNED', 'RESOLVED'))
    expect(steps?.map((s) => s.state)).toEqual(['done', 'done', 'done', 'done'])
    expect(steps?.[2].at).toBeNull()
    expect(currentLabel('Résolu', steps)).toBe('Résolu')
  })
  it('a report closed without action shows no timeline and says « Sans suite »', () => {
    expect(progressSteps('CLOSED_WITHOUT_ACTION', api('RECEIVED'))).toBeNull()
    expect(currentLabel('Sans suite', null)).toBe('Sans suite')
  })
})
