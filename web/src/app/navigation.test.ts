import { describe, expect, it } from 'vitest'
import { allowed, sectionOf } from './navigation'

describe('the menu entry of an address', () => {
  it('is the longest matching entry; the dashboard only for the root', () => {
    expect(sectionOf('/ordres')?.label).toBe('Ordres de travail')
    expect(sectionOf('/ordres/0190f1f0-0000-7000-8000-000000000000')?.label).toBe('Ordres de travail')
    expect(sectionOf('/administration/utilisateurs')?.label).toBe('Administration')
    expect(sectionOf('/')?.label).toBe('Tableau de bord')
    expect(sectionOf('/ordresX')).toBeUndefined()
    expect(sectionOf('/compte')).toBeUndefined()
  })

  it('is allowed by any one of its rights, or when it asks none', () => {
    const stock = sectionOf('/stock')!
    expect(allowed(stock, () => false)).toBe(false)
    expect(allowed(stock, (c, a) => c === 'PARTS' && a === 'view')).toBe(true)
    expect(allowed(sectionOf('/')!, () => false)).toBe(true)
  })
})
