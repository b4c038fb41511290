// One instance of each domain service, built from the adapters. Route factories receive this.
import type { Deps } from '../app.ts'
import { AssetsService } from './assets/assets.service.ts'
import { AuthService } from './auth/auth.service.ts'
import { CategoriesService } from './categories/categories.service.ts'
import { HealthService } from './health/health.service.ts'
import { LocationsService } from './locations/locations.service.ts'
import { MetersService } from './meters/meters.service.ts'
import { PartnersService } from './partners/partners.service.ts'
import { ReferenceValuesService } from './reference-values/reference-values.service.ts'
import { TeamsService } from './teams/teams.service.ts'
import { UsersService } from './users/users.service.ts'

export function buildServices(deps: Deps) {
  return {
    access: deps.access,
    auth: new AuthService(deps),
    users: new UsersService(deps),
    partners: new PartnersService(deps),
    locations: new LocationsService(deps),
    assets: new AssetsService(deps),
    teams: new TeamsService(deps),
    categories: new CategoriesService(deps),
    referenceValues: new ReferenceValuesService(deps),
    meters: new MetersService(deps),
    health: new HealthService(deps),
  }
}

export type Services = ReturnType<typeof buildServices>
