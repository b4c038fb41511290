// Every operation of the service, in contract order of domains.
import { assetsRoutes } from './assets/assets.routes.ts'
import { authRoutes } from './auth/auth.routes.ts'
import { categoriesRoutes } from './categories/categories.routes.ts'
import { healthRoutes } from './health/health.routes.ts'
import { locationsRoutes } from './locations/locations.routes.ts'
import { metersRoutes } from './meters/meters.routes.ts'
import { partnersRoutes } from './partners/partners.routes.ts'
import { referenceValuesRoutes } from './reference-values/reference-values.routes.ts'
import type { Services } from './services.ts'
import { teamsRoutes } from './teams/teams.routes.ts'
import { usersRoutes } from './users/users.routes.ts'

// Not annotated Route[]: the inferred type keeps each operation's schemas (tests' typed client).
export function allRoutes(s: Services) {
  return [
    ...authRoutes(s),
    ...usersRoutes(s),
    ...categoriesRoutes(s),
    ...locationsRoutes(s),
    ...assetsRoutes(s),
    ...partnersRoutes(s),
    ...teamsRoutes(s),
    ...metersRoutes(s),
    ...referenceValuesRoutes(s),
    ...healthRoutes(s),
  ]
}
