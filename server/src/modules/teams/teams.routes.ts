import { needs, route } from '../../http/route.ts'
import { IdParams } from '../../http/schema-kit.ts'
import type { TeamsService } from './teams.service.ts'
import { Team, TeamCreate, TeamsResponse, TeamUpdate } from './teams.schemas.ts'

export const teamsRoutes = (s: TeamsService) => [
  route({
    operationId: 'listTeams', method: 'GET', url: '/teams', tag: 'People', access: needs('PEOPLE_TEAMS', 'view'),
    cacheAnswer: true,
    summary: 'Teams with their members',
    description: 'Without the view-other right on PEOPLE_TEAMS, only the teams the caller belongs to.',
    success: { status: 200, schema: TeamsResponse },
    handler: ({ scope }) => s.list(scope),
  }),
  route({
    operationId: 'createTeam', method: 'POST', url: '/teams', tag: 'People', access: needs('PEOPLE_TEAMS', 'create'),
    summary: 'Create a team, optionally with its members',
    description: 'The name is unique, compared case-insensitively (409 TEAM_NAME_TAKEN). An unknown member id answers 400 UNKNOWN_USER.',
    body: TeamCreate,
    success: { status: 201, schema: Team },
    errors: [409],
    handler: ({ scope, body }) => s.create(scope, body),
  }),
  route({
    operationId: 'updateTeam', method: 'PATCH', url: '/teams/:id', tag: 'People', access: needs('PEOPLE_TEAMS', 'edit'),
    summary: 'Rename a team, change its description or replace its member list',
    description: 'memberIds replaces the whole list. Teams are never deleted.',
    params: IdParams,
    body: TeamUpdate,
    success: { status: 200, schema: Team },
    errors: [409],
    handler: ({ scope, params, body }) => s.update(scope, params.id, body),
  }),
]
