import { needs, route } from '../../http/route.ts'
import { IdParams } from '../../http/schema-kit.ts'
import { Location, LocationCreate, LocationsResponse, LocationUpdate } from './locations.schemas.ts'
import type { LocationsService } from './locations.service.ts'

export const locationsRoutes = (locations: LocationsService) => [
  route({
    operationId: 'listLocations', method: 'GET', url: '/locations', tag: 'Locations', access: needs('LOCATIONS', 'view'),
    cacheAnswer: true,
    summary: 'Sites and their zones, as a flat list',
    description: 'A caller assigned to sites (any role but Administrateur) sees only those sites and their zones.',
    success: { status: 200, schema: LocationsResponse },
    handler: ({ scope }) => locations.list(scope),
  }),
  route({
    operationId: 'createLocation', method: 'POST', url: '/locations', tag: 'Locations', access: needs('LOCATIONS', 'create'),
    summary: 'Create a site, or a zone of a site',
    description: 'Depth is at most 2: a parent that is itself a zone answers 400 LOCATION_TOO_DEEP; an unknown parent 400 UNKNOWN_PARENT. partnerId must be an active partner of kind CLIENT (400 INVALID_PARTNER).',
    body: LocationCreate,
    success: { status: 201, schema: Location },
    handler: ({ scope, body }) => locations.create(scope, body),
  }),
  route({
    operationId: 'updateLocation', method: 'PATCH', url: '/locations/:id', tag: 'Locations', access: needs('LOCATIONS', 'edit'),
    summary: 'Edit a location, move a zone to another site, or make a site a zone',
    description: 'Same fields and rules as createLocation, all optional; an empty optional text clears it, partnerId null unlinks the partner. A site with zones cannot become a zone (400 LOCATION_TOO_DEEP); a site users are assigned to cannot either (409 SITE_IN_USE). A deactivated partner already linked may be kept.',
    params: IdParams,
    body: LocationUpdate,
    success: { status: 200, schema: Location },
    errors: [409],
    handler: ({ scope, params, body }) => locations.update(scope, params.id, body),
  }),
]
