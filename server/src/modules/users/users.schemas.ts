import { Body, DateTime, Email, named, Nullable, Out, StringEnum, Type, Uuid } from '../../http/schema-kit.ts'
import { RoleRef } from '../auth/auth.schemas.ts'

const Ref = (name: string) => named(name, Out({ id: Uuid(), name: Type.String() }))
export const TeamRef = Ref('TeamRef')
export const SiteRef = Ref('SiteRef')

export const HourlyRate = Type.Integer({ minimum: 0, maximum: 100_000_00, description: 'Hourly labour rate in euro cents, frozen on each labour entry.' })
const DisplayName = Type.String({ minLength: 1, maxLength: 120, pattern: '\\S' })
const Phone = Type.String({ maxLength: 40 })
const Ids = (description: string) => Type.Array(Uuid(), { maxItems: 100, uniqueItems: true, description })

export const UserAdmin = named('UserAdmin', Out({
  id: Uuid(),
  email: Type.String({ format: 'email' }),
  displayName: Type.String(),
  initials: Type.String({ minLength: 1, maxLength: 3 }),
  phone: Nullable(Type.String()),
  role: RoleRef,
  status: StringEnum(['active', 'invited', 'disabled'], { description: 'Derived: invited until activation, disabled through updateUser.' }),
  isDemo: Type.Boolean(),
  hourlyRateCents: Nullable(HourlyRate),
  teams: Type.Array(TeamRef),
  sites: Type.Array(SiteRef, { description: 'Assigned top-level sites; empty means no restriction.' }),
  activatedAt: Nullable(DateTime()),
  createdAt: DateTime(),
}))

export const UsersResponse = named('UsersResponse', Out({ users: Type.Array(UserAdmin) }))
export const RolesResponse = named('RolesResponse', Out({ roles: Type.Array(RoleRef) }))

export const InvitationCreate = named('InvitationCreate', Body({
  email: Email(),
  displayName: DisplayName,
  roleId: Uuid(),
  phone: Type.Optional(Phone),
  hourlyRateCents: Type.Optional(Nullable(HourlyRate)),
  teamIds: Type.Optional(Ids('Teams to join.')),
  siteIds: Type.Optional(Ids('Top-level sites (not zones).')),
}))

export const InvitationResponse = named('InvitationResponse', Out({
  user: UserAdmin,
  activationUrl: Type.String({ description: 'Single-use link, valid 7 days. Give it to the person only.' }),
  expiresAt: DateTime(),
  emailSent: Type.Boolean({ description: 'true when the link was also e-mailed (SMTP configured).' }),
}))

export const UserUpdate = named('UserUpdate', Body({
  displayName: Type.Optional(DisplayName),
  phone: Type.Optional(Nullable(Phone)),
  roleId: Type.Optional(Uuid()),
  hourlyRateCents: Type.Optional(Nullable(HourlyRate)),
  teamIds: Type.Optional(Ids('Replaces the memberships.')),
  siteIds: Type.Optional(Ids('Replaces the site assignments (top-level sites).')),
  isActive: Type.Optional(Type.Boolean({ description: 'false disables the account (its tokens stop working at once); true enables it again.' })),
}, { minProperties: 1 }))
