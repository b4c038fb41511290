import { describe, expect, it } from 'vitest'
import { progressSteps } from './progress'

const states = (p: Parameters<typeof progressSteps>[0]) => progressSteps(p)?.map((s) => `${s.label}:${s.state}`)

describe('tracking steps', () => {
  it('a received report is at its first step', () => {
    expect(states('RECEIVED')).toEqual(['Reçu:current', 'Intervention:upcoming', 'Résolu:upcoming'])
  })
  it('an intervention under way has the report behind it and the resolution ahead', () => {
    expect(states('IN_PROGRESS')).toEqual(['Reçu:done', 'Intervention:current', 'Résolu:upcoming'])
  })
  it('a resolved report has every step done', () => {
    expect(states('RESOLVED')).toEqual(['Reçu:done', 'Intervention:done', 'Résolu:done'])
  })
  it('a report closed without action shows no steps', () => {
    expect(progressSteps('CLOSED_WITHOUT_ACTION')).toBeNull()
  })
})
