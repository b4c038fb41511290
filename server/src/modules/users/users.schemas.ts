import { Body, DateTime, Email, Int, List, named, Nullable, Out, StringEnum, Text, Type, Uuid } from '../../http/schema-kit.ts'
import { RoleRef } from '../auth/auth.schemas.ts'

const Ref = (name: string) => named(name, Out({ id: Uuid(), name: Text(120) }))
export const TeamRef = Ref('TeamRef')
export const SiteRef = Ref('SiteRef')

export const HourlyRate = Int(0, 100_000_00, { description: 'Hourly labour rate in euro cents, frozen on each labour entry.' })
const DisplayName = Text(120, { minLength: 1, pattern: '\\S' })
const Phone = Text(40, { pattern: '^[0-9+(). -]*$' })
const Ids = (description: string) => Type.Array(Uuid(), { maxItems: 100, uniqueItems: true, description })

export const UserAdmin = named('UserAdmin', Out({
  id: Uuid(),
  email: Email(),
  displayName: Text(120),
  initials: Text(3, { minLength: 1 }),
  phone: Nullable(Text(40)),
  role: RoleRef,
  status: StringEnum(['active', 'invited', 'disabled'], { description: 'Derived: invited until activation, disabled through updateUser.' }),
  isDemo: Type.Boolean(),
  hourlyRateCents: Nullable(HourlyRate, { description: 'null unless the caller may edit people (PEOPLE_TEAMS edit) or this is the caller.' }),
  teams: List(TeamRef, 200),
  sites: List(SiteRef, 100, { description: 'Assigned top-level sites; empty means no restriction.' }),
  activatedAt: Nullable(DateTime()),
  createdAt: DateTime(),
  passwordReset: Type.Optional(Out({
    activationUrl: Text(2048, { format: 'uri', description: 'Single-use link, valid 7 days, that activateAccount accepts. Give it to the person only.' }),
    expiresAt: DateTime(),
    emailSent: Type.Boolean({ description: 'true when the link was also e-mailed (SMTP configured).' }),
  }, { description: 'Only in the answer of updateUser with resetPassword: the new link.' })),
}))

export const UsersResponse = named('UsersResponse', Out({ users: List(UserAdmin, 10000) }))
export const RolesResponse = named('RolesResponse', Out({ roles: List(RoleRef, 7) }))

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
  activationUrl: Text(2048, { format: 'uri', description: 'Single-use link, valid 7 days. Give it to the person only.' }),
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
  resetPassword: Type.Optional(Type.Literal(true, {
    description: 'A forgotten password: the account goes back to invited (its password and sessions end at once) and a new single-use activation link is issued, e-mailed when SMTP is set, and returned in passwordReset.',
  })),
}, { minProperties: 1 }))
