import { describe, expect, it } from 'vitest'
import { choicesFor, formatScore, hasAny, suggestionInput, type Suggestions } from './suggestions'

const nb = (s: string) => s.replace(/[\u00a0\u202f]/g, ' ')
const empty: Suggestions = { symptom: [], component: [], cause: [], action: [], result: [], circumstance: [] }

describe('report suggestions', () => {
  it('formats a score as a whole percentage', () => {
    expect(nb(formatScore(0.8249))).toBe('82 %')
    expect(nb(formatScore(0.865))).toBe('87 %')
    expect(nb(formatScore(1))).toBe('100 %')
    expect(nb(formatScore(0.004))).toBe('0 %')
  })

  it('suggests from the description and the notes, nothing when both are blank', () => {
    expect(suggestionInput('Porte palière bloquée au 3e.', '  serrure nettoyée ')).toBe('Porte palière bloquée au 3e.\nserrure nettoyée')
    expect(suggestionInput(null, 'cellule HS')).toBe('cellule HS')
    expect(suggestionInput('  ', '\n')).toBeNull()
    expect(suggestionInput('a'.repeat(3000), 'b'.repeat(3000))).toHaveLength(4000)
  })

  it('offers only values the picker lists, three at most, in the API’s order', () => {
    const all = { ...empty, component: [
      { id: 'c1', label: 'Serrure palière', score: 0.82 }, { id: 'gone', label: 'Retirée', score: 0.1 },
      { id: 'c2', label: 'Cellule de porte', score: 0.05 }, { id: 'c3', label: 'Opérateur', score: 0.02 }, { id: 'c4', label: 'Câbles', score: 0.01 },
    ] }
    const offered = ['c1', 'c2', 'c3', 'c4'].map((value) => ({ value }))
    expect(choicesFor(all, 'component', offered).map((s) => s.id)).toEqual(['c1', 'c2', 'c3'])
    expect(choicesFor(all, 'cause', offered)).toEqual([])
    expect(choicesFor(undefined, 'component', offered)).toEqual([])
  })

  it('tells whether anything was suggested at all', () => {
    expect(hasAny(empty)).toBe(false)
    expect(hasAny({ ...empty, result: [{ id: 'r', label: 'Remis en service', score: 0.5 }] })).toBe(true)
  })
})
