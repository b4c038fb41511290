import dayjs from 'dayjs'
import 'dayjs/locale/fr'
import { describe, expect, it } from 'vitest'
import { findingsCountText, findingText, minutesText, periodicityText, periodText, reportLine } from './logbook-text'

dayjs.locale('fr')

describe('logbook text', () => {
  it('writes delays in hours and minutes', () => {
    expect(minutesText(45)).toBe('45 min')
    expect(minutesText(60)).toBe('1 h')
    expect(minutesText(80)).toBe('1 h 20 min')
  })

  it('writes a period with the first of the month as « 1er »', () => {
    expect(periodText('2025-01-01', '2025-12-31')).toBe('du 1er janvier 2025 au 31 décembre 2025')
  })

  it('joins the report’s findings, empty ones left out', () => {
    expect(reportLine({ symptom: 'Porte bloquée', component: null, cause: 'Usure', action: null, result: null, circumstance: null, notes: null }))
      .toBe('Porte bloquée · Usure')
  })

  it('writes a periodicity in words', () => {
    expect(periodicityText(6)).toBe('semestrielle')
    expect(periodicityText(12)).toBe('annuelle')
    expect(periodicityText(24)).toBe('tous les 2 ans')
    expect(periodicityText(18)).toBe('tous les 18 mois')
  })

  it('says how a finding was remedied, or that it is still open', () => {
    const f = { workOrderId: 'x', reference: 'OT-1', description: null, completedAt: '2025-08-01T10:00:00.000Z', action: 'Remplacement' }
    expect(findingText({ ...f, status: 'DONE' })).toBe('levée le 01/08/2025 (Remplacement)')
    expect(findingText({ ...f, status: 'IN_PROGRESS', completedAt: null })).toBe('non levée à ce jour')
    expect(findingText({ ...f, status: 'CANCELLED', completedAt: null })).toBe('annulée')
  })

  it('counts findings remedied and open', () => {
    expect(findingsCountText(0, 0)).toBe('Aucune')
    expect(findingsCountText(1, 2)).toBe('1 levée sur la période, 2 non levées en fin de période')
  })
})
