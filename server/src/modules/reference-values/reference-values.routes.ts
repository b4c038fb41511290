import { needs, route } from '../../http/route.ts'
import { IdParams } from '../../http/schema-kit.ts'
import type { ReferenceValuesService } from './reference-values.service.ts'
import {
  ReferenceValue, ReferenceValueCreate, ReferenceValuesQuery, ReferenceValuesResponse, ReferenceValueUpdate,
} from './reference-values.schemas.ts'

// The report vocabulary is administration: SETTINGS for reading and for changing it.
export const referenceValuesRoutes = (s: ReferenceValuesService) => [
  route({
    operationId: 'listReferenceValues', method: 'GET', url: '/reference-values', tag: 'Settings', access: needs('SETTINGS', 'view'),
    cacheAnswer: true,
    summary: 'The six coded-report fields with their values',
    description: 'Always the six fields in report order, with their French label and whether closing a work order requires them. Optional filter: active. usageCount counts the work orders whose coded report uses the value, among the orders on the assets of the caller’s sites (all of them without a site assignment).',
    querystring: ReferenceValuesQuery,
    success: { status: 200, schema: ReferenceValuesResponse },
    handler: ({ scope, query }) => s.list(scope, query),
  }),
  route({
    operationId: 'createReferenceValue', method: 'POST', url: '/reference-values', tag: 'Settings', access: needs('SETTINGS', 'create'),
    summary: 'Add a value to a report field',
    description: 'The label is unique within the field, compared case-insensitively (409 REFERENCE_VALUE_TAKEN). The value goes last in its field.',
    body: ReferenceValueCreate,
    success: { status: 201, schema: ReferenceValue },
    errors: [409],
    handler: ({ body }) => s.create(body),
  }),
  route({
    operationId: 'updateReferenceValue', method: 'PATCH', url: '/reference-values/:id', tag: 'Settings', access: needs('SETTINGS', 'edit'),
    summary: 'Rename a report value, or deactivate / reactivate it',
    description: 'Values are never deleted; isActive false excludes them from new reports and keeps them where used. A label already used in the field answers 409 REFERENCE_VALUE_TAKEN.',
    params: IdParams,
    body: ReferenceValueUpdate,
    success: { status: 200, schema: ReferenceValue },
    errors: [409],
    handler: ({ scope, params, body }) => s.update(scope, params.id, body),
  }),
]
