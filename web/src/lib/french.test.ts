import { describe, expect, it } from 'vitest'
import { de } from './french'

describe('de', () => {
  it('elides before a vowel, accented or not, and a mute h', () => {
    expect(de('Émilie')).toBe('d’Émilie')
    expect(de('avril')).toBe('d’avril')
    expect(de('août')).toBe('d’août')
    expect(de('octobre')).toBe('d’octobre')
    expect(de('Hélène Martin')).toBe('d’Hélène Martin')
    expect(de('Isabelle')).toBe('d’Isabelle')
  })
  it('keeps « de » before a consonant, an aspirated h or a consonant y', () => {
    expect(de('Paul')).toBe('de Paul')
    expect(de('mars')).toBe('de mars')
    expect(de('Hugo')).toBe('de Hugo')
    expect(de('Yannick')).toBe('de Yannick')
    expect(de('ASC-0042')).toBe('d’ASC-0042')
    expect(de('B-12')).toBe('de B-12')
  })
})
