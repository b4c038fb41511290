import { describe, expect, it } from 'vitest'
import type { Schemas } from '@/lib/api/client'
import { invitationBody, updateBody, userToForm, userValidation } from './user-form'

const karim = {
  id: 'u1', email: 'karim@demo.fr', displayName: 'Karim Benali', initials: 'KB', phone: null,
  role: { id: 'tech', name: 'Technicien' }, status: 'active', isDemo: true, hourlyRateCents: 5200,
  teams: [{ id: 't1', name: 'Équipe Lyon' }], sites: [], activatedAt: null, createdAt: '2026-01-01T00:00:00Z',
} as Schemas['UserAdmin']

describe('the person form', () => {
  it('shows a rate in euros and sends it back in cents', () => {
    expect(userToForm(karim).hourlyRate).toBe(52)
    expect(updateBody(karim, { ...userToForm(karim), hourlyRate: 52.5 }, true)).toEqual({ hourlyRateCents: 5250 })
  })
  it('sends nothing when nothing changed, and null when a rate or phone is emptied', () => {
    expect(updateBody(karim, userToForm(karim), true)).toEqual({})
    expect(updateBody(karim, { ...userToForm(karim), hourlyRate: '' }, true)).toEqual({ hourlyRateCents: null })
    expect(updateBody({ ...karim, phone: '06 00' }, { ...userToForm({ ...karim, phone: '06 00' }), phone: ' ' }, true)).toEqual({ phone: null })
  })
  it('leaves sites alone when the caller cannot list them', () => {
    expect(updateBody(karim, { ...userToForm(karim), siteIds: ['s1'] }, false)).toEqual({})
  })
  it('invites with only the fields filled in', () => {
    expect(invitationBody({ email: ' new@x.fr ', displayName: ' Ana ', roleId: 'tech', phone: '', hourlyRate: '38,5', teamIds: [], siteIds: [] }))
      .toEqual({ email: 'new@x.fr', displayName: 'Ana', roleId: 'tech', hourlyRateCents: 3850 })
  })
  it('refuses a negative rate or a rate over the API’s ceiling', () => {
    expect(userValidation.hourlyRate(-1)).toMatch(/Entre 0/)
    expect(userValidation.hourlyRate(100_000.01)).toMatch(/Entre 0/)
    expect(userValidation.hourlyRate('')).toBeNull()
    expect(userValidation.hourlyRate(0)).toBeNull()
  })
})
