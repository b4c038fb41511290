import { describe, expect, it } from 'vitest'
import { offeredName } from './files'

describe('the name a download offers', () => {
  it('reads the RFC 5987 UTF-8 name first, else the quoted one', () => {
    expect(offeredName(`attachment; filename="Sch_ma.pdf"; filename*=UTF-8''Sch%C3%A9ma%20%28B%29.pdf`)).toBe('Schéma (B).pdf')
    expect(offeredName('attachment; filename="photo-panne.jpg"')).toBe('photo-panne.jpg')
    expect(offeredName(`attachment; filename="x.pdf"; filename*=UTF-8''%E0%A4%A.pdf`)).toBe('x.pdf')
  })

  it('is null without a name', () => {
    expect(offeredName(null)).toBeNull()
    expect(offeredName('attachment')).toBeNull()
  })
})
