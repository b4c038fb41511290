import { defineModule } from '../module.ts'
import { teamsRoutes } from './teams.routes.ts'
import { TeamsService } from './teams.service.ts'

export const teamsModule = defineModule({
  name: 'teams',
  service: (p) => new TeamsService(p),
  routes: teamsRoutes,
})
