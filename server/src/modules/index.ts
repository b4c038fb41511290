// Every module of the service, in contract order of domains. Adding a module = a folder with
// its `<d>.module.ts` declaration, and one line here.
import { analyticsModule } from './analytics/analytics.module.ts'
import { assetsModule } from './assets/assets.module.ts'
import { assistantModule } from './assistant/assistant.module.ts'
import { authModule } from './auth/auth.module.ts'
import { categoriesModule } from './categories/categories.module.ts'
import { documentsModule } from './documents/documents.module.ts'
import { healthModule } from './health/health.module.ts'
import { idempotencyModule } from './idempotency/idempotency.module.ts'
import { locationsModule } from './locations/locations.module.ts'
import { metersModule } from './meters/meters.module.ts'
import { partnersModule } from './partners/partners.module.ts'
import { partsModule } from './parts/parts.module.ts'
import { portalModule } from './portal/portal.module.ts'
import { purchaseOrdersModule } from './purchase-orders/purchase-orders.module.ts'
import { preventiveModule } from './preventive/preventive.module.ts'
import { referenceValuesModule } from './reference-values/reference-values.module.ts'
import { requestsModule } from './requests/requests.module.ts'
import { searchModule } from './search/search.module.ts'
import { teamsModule } from './teams/teams.module.ts'
import { usersModule } from './users/users.module.ts'
import type { BackgroundContext, Module, Platform, Stop } from './module.ts'
import { workOrdersModule } from './work-orders/work-orders.module.ts'
import type { Route } from '../http/route.ts'

export const MODULES = [
  authModule,
  usersModule,
  categoriesModule,
  locationsModule,
  assetsModule,
  partnersModule,
  partsModule,
  purchaseOrdersModule,
  teamsModule,
  metersModule,
  requestsModule,
  portalModule,
  referenceValuesModule,
  preventiveModule,
  workOrdersModule,
  searchModule,
  analyticsModule,
  assistantModule,
  documentsModule,
  healthModule,
  idempotencyModule,
] as const

type AnyModule = (typeof MODULES)[number]

/** Every declared operation with its schema types. */
export type DeclaredRoute = ReturnType<AnyModule['routes']>[number]

/** One instance of each module's service, by module name. */
export type Services = { [M in AnyModule as M['name']]: ReturnType<M['service']> }

export function buildServices(platform: Platform): Services {
  return Object.fromEntries(MODULES.map((m) => [m.name, m.service(platform)])) as Services
}

/** Every route, each module's built on its own service. */
export function allRoutes(services: Services): DeclaredRoute[] {
  return MODULES.flatMap((m) => (m.routes as (s: unknown) => DeclaredRoute[])(services[m.name]))
}

/** Starts the modules' background work; the answer stops it all. */
export async function startModules(services: Services, ctx: BackgroundContext): Promise<Stop> {
  const stops: Stop[] = []
  for (const m of MODULES as readonly Module<string, unknown>[]) {
    if (m.start) stops.push(await m.start(services[m.name as keyof Services], ctx))
  }
  return async () => { for (const stop of stops.reverse()) await stop() }
}

/**
 * The routes without any service behind them: enough for the contract, which reads the
 * declarations only. A handler called on these fails loudly.
 */
export function declaredRoutes(): Route[] {
  const absent = new Proxy({}, { get: () => { throw new Error('no service: routes declared for the contract only') } })
  return MODULES.flatMap((m) => (m.routes as (s: unknown) => Route[])(absent))
}
