import { describe, expect, it } from 'vitest'
import { readFeatures } from './features'

describe('readFeatures', () => {
  it('reads the named features, whatever their case and spacing', () => {
    expect(readFeatures(new Headers({ 'X-Palier-Features': 'dictation' }))).toEqual({ dictation: true })
    expect(readFeatures(new Headers({ 'X-Palier-Features': 'other, Dictation ' }))).toEqual({ dictation: true })
  })

  it('turns everything off when the header is absent or names something else', () => {
    expect(readFeatures(new Headers())).toEqual({ dictation: false })
    expect(readFeatures(new Headers({ 'X-Palier-Features': 'dictations' }))).toEqual({ dictation: false })
  })
})
