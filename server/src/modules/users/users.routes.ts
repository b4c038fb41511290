import { needs, route } from '../../http/route.ts'
import { IdParams } from '../../http/schema-kit.ts'
import type { UsersService } from './users.service.ts'
import { InvitationCreate, InvitationResponse, RolesResponse, UserAdmin, UsersResponse, UserUpdate } from './users.schemas.ts'

export const usersRoutes = (s: UsersService) => [
  route({
    operationId: 'listUsers', method: 'GET', url: '/users', tag: 'People', access: needs('PEOPLE_TEAMS', 'view'),
    cacheAnswer: true,
    summary: 'People, with role, status, teams, sites and hourly rate',
    description: 'Without the view-other right on PEOPLE_TEAMS, only the caller. hourlyRateCents is null for others unless the caller may edit people (PEOPLE_TEAMS edit).',
    success: { status: 200, schema: UsersResponse },
    handler: ({ caller, scope }) => s.list(caller, scope),
  }),
  route({
    operationId: 'listRoles', method: 'GET', url: '/roles', tag: 'People', access: needs('PEOPLE_TEAMS', 'view'),
    cacheAnswer: true,
    summary: 'The seven roles',
    success: { status: 200, schema: RolesResponse },
    handler: () => s.roles(),
  }),
  route({
    operationId: 'inviteUser', method: 'POST', url: '/users/invitations', tag: 'People', access: needs('PEOPLE_TEAMS', 'create'),
    summary: 'Invite a person: inactive account and a single-use activation link valid 7 days',
    description: 'The role must not give any right the caller lacks (403 ROLE_NOT_GRANTABLE); only an Administrateur may invite an Administrateur (403 ADMIN_ONLY). Site ids must be top-level sites.',
    body: InvitationCreate,
    success: { status: 201, schema: InvitationResponse },
    errors: [409],
    handler: ({ caller, body }) => s.invite(caller, body),
  }),
  route({
    operationId: 'resendInvitation', method: 'POST', url: '/users/:id/invitation', tag: 'People', access: needs('PEOPLE_TEAMS', 'create'),
    summary: 'Issue a new activation link; the previous one stops working',
    description: 'Same role rule as inviteUser (the link goes to the caller). 409 ALREADY_ACTIVATED, or ACCOUNT_DISABLED for a disabled account.',
    params: IdParams,
    success: { status: 201, schema: InvitationResponse },
    errors: [409],
    handler: ({ caller, scope, params }) => s.resendInvitation(caller, scope, params.id),
  }),
  route({
    operationId: 'updateUser', method: 'PATCH', url: '/users/:id', tag: 'People', access: needs('PEOPLE_TEAMS', 'edit'),
    summary: 'Change role, teams, sites, hourly rate, or disable/enable the account',
    description: 'Disabling takes effect at the next request of that user. Nobody changes their own role (403 OWN_ROLE) or grants a role with a right they lack (403 ROLE_NOT_GRANTABLE); nobody disables themselves (409 SELF_LOCKOUT) or removes the last active Administrateur (409 LAST_ADMINISTRATOR).',
    params: IdParams,
    body: UserUpdate,
    success: { status: 200, schema: UserAdmin },
    errors: [409],
    handler: ({ caller, scope, params, body }) => s.update(caller, scope, params.id, body),
  }),
]
