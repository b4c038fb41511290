import { needs, route } from '../../http/route.ts'
import { IdParams } from '../../http/schema-kit.ts'
import type { PartnersService } from './partners.service.ts'
import { Partner, PartnerCreate, PartnersQuery, PartnersResponse, PartnerUpdate } from './partners.schemas.ts'

// The spec binds partners to the PURCHASE_ORDERS category.
export const partnersRoutes = (s: PartnersService) => [
  route({
    operationId: 'listPartners', method: 'GET', url: '/partners', tag: 'Purchasing', access: needs('PURCHASE_ORDERS', 'view'),
    cacheAnswer: true,
    summary: 'Suppliers and clients (property managers), sorted by name',
    description: 'Optional filters: kind, active.',
    querystring: PartnersQuery,
    success: { status: 200, schema: PartnersResponse },
    handler: ({ query }) => s.list(query),
  }),
  route({
    operationId: 'createPartner', method: 'POST', url: '/partners', tag: 'Purchasing', access: needs('PURCHASE_ORDERS', 'create'),
    summary: 'Create a supplier or a client',
    description: 'The name is unique, compared case-insensitively (409 PARTNER_NAME_TAKEN).',
    body: PartnerCreate,
    success: { status: 201, schema: Partner },
    errors: [409],
    handler: ({ body }) => s.create(body),
  }),
  route({
    operationId: 'updatePartner', method: 'PATCH', url: '/partners/:id', tag: 'Purchasing', access: needs('PURCHASE_ORDERS', 'edit'),
    summary: 'Edit a partner, or deactivate / reactivate it',
    description: 'Partners are never deleted; isActive false excludes them from new uses. A client linked to sites cannot become a supplier, nor the supplier of parts a client (409 PARTNER_IN_USE); a name already used answers 409 PARTNER_NAME_TAKEN.',
    params: IdParams,
    body: PartnerUpdate,
    success: { status: 200, schema: Partner },
    errors: [409],
    handler: ({ params, body }) => s.update(params.id, body),
  }),
]
