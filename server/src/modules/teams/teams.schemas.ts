import { Body, Count, DateTime, List, named, Nullable, Out, StringEnum, Text, Type, Uuid } from '../../http/schema-kit.ts'
import { RoleName } from '../auth/auth.schemas.ts'

// Documented ceilings: a maintenance company has a few dozen teams; a team cannot hold more
// people than the user listing's own ceiling (memberships are also set from updateUser).
export const MAX_TEAMS = 1000
const MAX_MEMBERS = 10000

// Kept small on purpose: enough for a team card (badge, name, role, status), not a UserAdmin.
export const TeamMember = named('TeamMember', Out({
  id: Uuid(),
  displayName: Text(120),
  initials: Text(3, { minLength: 1 }),
  roleName: RoleName,
  status: StringEnum(['active', 'invited', 'disabled'], { description: 'Derived like a user’s status; a disabled member stays listed.' }),
}))

export const Team = named('Team', Out({
  id: Uuid(),
  name: Text(80),
  description: Nullable(Text(500)),
  members: List(TeamMember, MAX_MEMBERS, { description: 'Sorted by display name.' }),
  memberCount: Count(),
  createdAt: DateTime(),
}))

export const TeamsResponse = named('TeamsResponse', Out({ teams: List(Team, MAX_TEAMS, { description: 'Sorted by name.' }) }))

const TeamName = Text(80, { minLength: 1, pattern: '\\S', description: 'Unique, compared case-insensitively.' })
const Description = Nullable(Text(500))
const MemberIds = (description: string) => List(Uuid(), 200, { uniqueItems: true, description })

export const TeamCreate = named('TeamCreate', Body({
  name: TeamName,
  description: Type.Optional(Description),
  memberIds: Type.Optional(MemberIds('Users to add as members.')),
}))

export const TeamUpdate = named('TeamUpdate', Body({
  name: Type.Optional(TeamName),
  description: Type.Optional(Description),
  memberIds: Type.Optional(MemberIds('Replaces the member list.')),
}, { minProperties: 1 }))
