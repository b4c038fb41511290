// The person form shared by invitation and edition: values, checks and the API bodies.
import type { Schemas } from '@/lib/api/client'
import { centsToEuros, eurosToCents } from '@/lib/money'
import { changes, optional, orNull } from '../../utils/changes'

export interface UserFormValues {
  email: string
  displayName: string
  roleId: string | null
  phone: string
  /** Euros as typed (NumberInput gives '' when empty). */
  hourlyRate: number | string
  teamIds: string[]
  siteIds: string[]
}

export const MAX_RATE_EUROS = 100_000

export const userValidation = {
  email: (v: string) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : 'Saisissez une adresse e-mail valide.'),
  displayName: (v: string) => (v.trim() === '' ? 'Saisissez le nom de la personne.' : null),
  roleId: (v: string | null) => (v ? null : 'Choisissez un rôle.'),
  phone: (v: string) => (/^[0-9+(). -]*$/.test(v) ? null : 'Chiffres, espaces et + ( ) . - uniquement.'),
  hourlyRate: (v: number | string) => {
    const cents = eurosToCents(v)
    if (v !== '' && cents === null) return 'Saisissez un montant en euros.'
    return cents !== null && (cents < 0 || cents > MAX_RATE_EUROS * 100) ? `Entre 0 et ${MAX_RATE_EUROS.toLocaleString('fr-FR')} €.` : null
  },
}

/** The API names the rate in cents; the form in euros. */
export const RATE_FIELD = { hourlyRateCents: 'hourlyRate' }

export const emptyUser: UserFormValues = { email: '', displayName: '', roleId: null, phone: '', hourlyRate: '', teamIds: [], siteIds: [] }

export function userToForm(u: Schemas['UserAdmin']): UserFormValues {
  return {
    email: u.email, displayName: u.displayName, roleId: u.role.id, phone: u.phone ?? '',
    hourlyRate: u.hourlyRateCents === null ? '' : centsToEuros(u.hourlyRateCents),
    teamIds: u.teams.map((t) => t.id), siteIds: u.sites.map((s) => s.id),
  }
}

export function invitationBody(v: UserFormValues): Schemas['InvitationCreate'] {
  const cents = eurosToCents(v.hourlyRate)
  return {
    email: v.email.trim(), displayName: v.displayName.trim(), roleId: v.roleId!,
    ...(optional(v.phone) ? { phone: optional(v.phone) } : {}),
    ...(cents !== null ? { hourlyRateCents: cents } : {}),
    ...(v.teamIds.length ? { teamIds: v.teamIds } : {}),
    ...(v.siteIds.length ? { siteIds: v.siteIds } : {}),
  }
}

/** Only what changed; `editSites` false when the caller cannot list sites (left untouched). */
export function updateBody(before: Schemas['UserAdmin'], v: UserFormValues, editSites: boolean): Schemas['UserUpdate'] {
  const initial = userToForm(before)
  const shape = (f: UserFormValues) => ({
    displayName: f.displayName.trim(), phone: orNull(f.phone), roleId: f.roleId ?? before.role.id,
    hourlyRateCents: eurosToCents(f.hourlyRate), teamIds: f.teamIds, ...(editSites ? { siteIds: f.siteIds } : {}),
  })
  return changes(shape(initial), shape(v)) as Schemas['UserUpdate']
}
