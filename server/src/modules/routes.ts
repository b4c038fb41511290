// Every operation of the service, in contract order of domains.
import type { Route } from '../http/route.ts'
import { authRoutes } from './auth/auth.routes.ts'
import { healthRoutes } from './health/health.routes.ts'
import { locationsRoutes } from './locations/locations.routes.ts'
import { partnersRoutes } from './partners/partners.routes.ts'
import type { Services } from './services.ts'
import { teamsRoutes } from './teams/teams.routes.ts'
import { usersRoutes } from './users/users.routes.ts'

export function allRoutes(s: Services): Route[] {
  return [
    ...authRoutes(s),
    ...usersRoutes(s),
    ...locationsRoutes(s),
    ...partnersRoutes(s),
    ...teamsRoutes(s),
    ...healthRoutes(s),
  ]
}
