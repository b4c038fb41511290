import dayjs from 'dayjs'
import 'dayjs/locale/fr'
import { describe, expect, it } from 'vitest'
import { minutesText, periodText, reportLine } from './logbook-text'

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
})
