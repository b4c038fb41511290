import { answerTopics } from '../../http/answer-cache.ts'
import { needs, route } from '../../http/route.ts'
import { IdParams } from '../../http/schema-kit.ts'
import { MeterReadingCreate, MetersResponse } from './meters.schemas.ts'
import type { MetersService } from './meters.service.ts'

export const metersRoutes = (meters: MetersService) => [
  route({
    operationId: 'getAssetMeters', method: 'GET', url: '/assets/:id/meters', tag: 'Assets', access: needs('METERS', 'view'),
    cacheAnswer: { topics: ({ params }) => [answerTopics.asset(params.id)] },
    summary: 'The asset’s two meters with their recent readings',
    description: 'Readings most recent first, the last 50 per meter. An asset outside the caller’s sites (a caller assigned to sites, any role but Administrateur) answers 404 like a missing one.',
    params: IdParams,
    success: { status: 200, schema: MetersResponse },
    handler: ({ scope, params }) => meters.get(scope, params.id),
  }),
  route({
    operationId: 'addMeterReading', method: 'POST', url: '/assets/:id/meter-readings', tag: 'Assets', access: needs('METERS', 'create'),
    summary: 'Record a meter reading',
    description: 'The value must be strictly greater than the meter’s last one (400 READING_NOT_INCREASING), also under concurrent posts. '
      + 'A meter of another asset answers 400 UNKNOWN_METER; readAt more than 5 minutes ahead 400 READING_IN_FUTURE, before the last reading 400 READING_OUT_OF_ORDER. '
      + 'Answers the asset’s meters, fresh.',
    params: IdParams,
    body: MeterReadingCreate,
    success: { status: 201, schema: MetersResponse },
    handler: async ({ scope, params, body, touched }) => {
      const out = await meters.addReading(scope, params.id, body)
      // Readings show in the elevator's meters only (no list, count or other detail reads them).
      touched(answerTopics.asset(params.id))
      return out
    },
  }),
]
