import { describe, expect, it } from 'vitest'
import { visitDaysText } from './visits'

describe('the days of a six-week visit in words', () => {
  it.each([
    [-8, 'En retard de 8 jours'],
    [-1, 'En retard de 1 jour'],
    [0, 'Dû aujourd’hui'],
    [1, '1 jour restant'],
    [32, '32 jours restants'],
  ])('%i → %s', (n, text) => expect(visitDaysText(n)).toBe(text))
})
