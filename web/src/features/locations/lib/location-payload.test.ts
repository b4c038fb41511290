import { describe, expect, it } from 'vitest'
import { createBody, locationValues, updateBody } from './location-payload'

describe('location form bodies', () => {
  it('leaves empty fields out of a creation and trims the rest', () => {
    const v = { ...locationValues(undefined, 'site-1'), name: '  Hall C ', city: ' Lyon ', latitude: 45.76 }
    expect(createBody(v, true)).toEqual({ name: 'Hall C', parentId: 'site-1', city: 'Lyon', latitude: 45.76 })
  })

  it('clears emptied texts and unlinks the partner on update, keeping coordinates it cannot clear', () => {
    const v = { ...locationValues(), name: 'Résidence', address: '', latitude: '', partnerId: null }
    expect(updateBody(v, true)).toEqual({ name: 'Résidence', address: '', city: '', guardianName: '', guardianPhone: '', partnerId: null })
  })

  it('never touches the partner when the caller could not choose one', () => {
    const v = { ...locationValues(), name: 'Site', partnerId: 'p-1' }
    expect(createBody(v, false)).not.toHaveProperty('partnerId')
    expect(updateBody(v, false)).not.toHaveProperty('partnerId')
  })
})
