import { describe, expect, it } from 'vitest'
import { parseDecimal } from './decimal'
import { eurosToCents } from './money'

describe('parseDecimal', () => {
  it('reads a comma, a point and a euro amount alike', () => {
    for (const t of ['39,9', '39.9', '39,90 €', '39,90\u202f€', ' 39.90 ', '39,90 EUR']) expect(parseDecimal(t)).toBe(39.9)
  })
  it('reads thousands groups whichever separator the source used', () => {
    expect(parseDecimal('1 234,56')).toBe(1234.56)
    expect(parseDecimal('1\u202f234,56 €')).toBe(1234.56)
    expect(parseDecimal('1.234,56')).toBe(1234.56)
    expect(parseDecimal('1,234.56')).toBe(1234.56)
    expect(parseDecimal('1.234.567')).toBe(1234567)
  })
  it('keeps the sign and whole numbers', () => {
    expect(parseDecimal('-2,5')).toBe(-2.5)
    expect(parseDecimal('12')).toBe(12)
    expect(parseDecimal(7.25)).toBe(7.25)
  })
  it('answers null for what is not one number', () => {
    for (const t of ['', ' ', 'abc', '12a', '1,2,3.4.5', ',', '€', null, undefined]) expect(parseDecimal(t as string)).toBeNull()
  })
  it('feeds euros to cents the same way', () => {
    expect(eurosToCents('39.9')).toBe(3990)
    expect(eurosToCents('39,90 €')).toBe(3990)
    expect(eurosToCents('39,9')).toBe(3990)
  })
})
