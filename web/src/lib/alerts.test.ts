import { renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { alertSoundOn, forgetArrivals, setAlertSound, useArrivals, wroteHere, type Arrival } from './alerts'

const trapped = (id: string): Arrival => ({ id, label: 'Personne bloquée', urgent: true })
const assigned = (id: string): Arrival => ({ id, label: 'Nouvel ordre affecté' })

beforeEach(() => { document.title = 'Palier'; forgetArrivals(); localStorage.clear() })
afterEach(() => { window.dispatchEvent(new Event('pointerdown')) })

describe('arrivals in a refreshed list', () => {
  it('say nothing of what the first answer holds, then name what appears in the tab title', () => {
    const { rerender } = renderHook(({ items }) => useArrivals('desk', items), { initialProps: { items: undefined as Arrival[] | undefined } })
    rerender({ items: [trapped('a')] })
    expect(document.title).toBe('Palier')
    rerender({ items: [trapped('a'), assigned('b')] })
    expect(document.title).toBe('(1) Nouvel ordre affecté — Palier')
    // A trapped person names the title before anything else, and the count adds up.
    rerender({ items: [trapped('a'), assigned('b'), trapped('c')] })
    expect(document.title).toBe('(2) Personne bloquée — Palier')
    rerender({ items: [trapped('a'), assigned('b'), trapped('c'), assigned('d')] })
    expect(document.title).toBe('(3) Personne bloquée — Palier')
  })

  it('leave out what this page created itself (a dispatcher’s own trapped-person order)', () => {
    const { rerender } = renderHook(({ items }) => useArrivals('desk', items), { initialProps: { items: [] as Arrival[] } })
    wroteHere('mine')
    rerender({ items: [trapped('mine')] })
    expect(document.title).toBe('Palier')
    rerender({ items: [trapped('mine'), trapped('theirs')] })
    expect(document.title).toBe('(1) Personne bloquée — Palier')
  })

  it('leave the title once the page is looked at (a tap, a key, the window focused)', () => {
    const { rerender } = renderHook(({ items }) => useArrivals('desk', items), { initialProps: { items: [] as Arrival[] } })
    rerender({ items: [trapped('x')] })
    expect(document.title).toBe('(1) Personne bloquée — Palier')
    window.dispatchEvent(new Event('keydown'))
    expect(document.title).toBe('Palier')
  })
})

describe('the alerts’ sound', () => {
  it('is on until turned off, and remembered', () => {
    expect(alertSoundOn()).toBe(true)
    setAlertSound(false)
    expect(alertSoundOn()).toBe(false)
    setAlertSound(true)
    expect(alertSoundOn()).toBe(true)
  })
})
