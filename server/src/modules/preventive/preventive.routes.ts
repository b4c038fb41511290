import { needs, route } from '../../http/route.ts'
import { IdParams } from '../../http/schema-kit.ts'
import type { PreventiveService } from './preventive.service.ts'
import {
  PreventiveGenerate, PreventiveGenerationResult, PreventiveStatus, TaskTemplate, TaskTemplateCreate, TaskTemplatesQuery,
  TaskTemplatesResponse, TaskTemplateUpdate,
} from './preventive.schemas.ts'

// The maintenance programme is administration like the report vocabulary: read with SETTINGS
// view, written with SETTINGS create/edit. Grids are work orders: generating them needs
// WORK_ORDERS create, following their progress WORK_ORDERS view.
export const preventiveRoutes = (s: PreventiveService) => [
  route({
    operationId: 'listTaskTemplates', method: 'GET', url: '/preventive/templates', tag: 'Preventive maintenance', access: needs('SETTINGS', 'view'),
    cacheAnswer: true,
    summary: 'The preventive maintenance tasks',
    description: 'Every task with its periodicity in months, sorted by periodicity then label. Optional filter: active.',
    querystring: TaskTemplatesQuery,
    success: { status: 200, schema: TaskTemplatesResponse },
    handler: ({ query }) => s.listTemplates(query),
  }),
  route({
    operationId: 'createTaskTemplate', method: 'POST', url: '/preventive/templates', tag: 'Preventive maintenance', access: needs('SETTINGS', 'create'),
    summary: 'Add a preventive maintenance task',
    description: 'Active at once: later generations put it on the grids where it is due. The label is unique, compared case-insensitively (409 TASK_TEMPLATE_TAKEN).',
    body: TaskTemplateCreate,
    success: { status: 201, schema: TaskTemplate },
    errors: [409],
    handler: ({ body }) => s.createTemplate(body),
  }),
  route({
    operationId: 'updateTaskTemplate', method: 'PATCH', url: '/preventive/templates/:id', tag: 'Preventive maintenance', access: needs('SETTINGS', 'edit'),
    summary: 'Rename a task, change its periodicity, deactivate or reactivate it',
    description: 'Applies to later generations; grids already generated keep their checklist. A label already used answers 409 TASK_TEMPLATE_TAKEN.',
    params: IdParams,
    body: TaskTemplateUpdate,
    success: { status: 200, schema: TaskTemplate },
    errors: [409],
    handler: ({ params, body }) => s.updateTemplate(params.id, body),
  }),
  route({
    operationId: 'generatePreventive', method: 'POST', url: '/preventive/generate', tag: 'Preventive maintenance', access: needs('WORK_ORDERS', 'create'),
    summary: 'Generate the preventive grids of a month',
    description: 'One grid (a PREVENTIVE work order, Ouvert, due at the end of the month UTC, with a GENERATED event) per asset under contract '
      + 'commissioned by then, whose checklist holds the tasks due that month: monthly tasks always; a task of periodicity p when p divides the months '
      + 'since the asset’s commissioning month (without one, since the month of its first grid); every active task on an asset’s first grid (first control). '
      + 'Idempotent, also under concurrent calls: an asset never gets two grids for one month. The monthly job does the same at the start of each month. '
      + 'A caller assigned to sites generates for the assets on its sites only. A month more than 12 months back or more than 1 month ahead answers 400 MONTH_OUT_OF_RANGE.',
    body: PreventiveGenerate,
    success: { status: 200, schema: PreventiveGenerationResult },
    handler: ({ scope, body }) => s.generate(scope, body),
  }),
  route({
    operationId: 'getPreventiveStatus', method: 'GET', url: '/preventive/status', tag: 'Preventive maintenance', access: needs('WORK_ORDERS', 'view'),
    summary: 'Progress of the current month’s preventive grids',
    description: 'Grids of the current month (UTC): generated, finished (DONE) and first controls; late counts the overdue grids of any month (due date passed, neither done nor cancelled). '
      + 'Counted within the caller’s sites, and among its own orders (assigned to it) without the right to view others’. '
      + 'The six-week visits (docs/compliance.md): the elevators under contract in the caller’s sites past six weeks since their last visit, and those due within 7 days, counted and listed (capped, the most urgent first).',
    success: { status: 200, schema: PreventiveStatus },
    handler: ({ scope }) => s.status(scope),
  }),
]
