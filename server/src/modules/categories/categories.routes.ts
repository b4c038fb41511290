import { needs, route } from '../../http/route.ts'
import { IdParams } from '../../http/schema-kit.ts'
import type { CategoriesService } from './categories.service.ts'
import { CategoriesQuery, CategoriesResponse, Category, CategoryCreate, CategoryUpdate } from './categories.schemas.ts'

// Reading categories goes with the assets they classify; changing them is administration.
export const categoriesRoutes = (s: CategoriesService) => [
  route({
    operationId: 'listCategories', method: 'GET', url: '/categories', tag: 'Assets', access: needs('ASSETS', 'view'),
    cacheAnswer: true,
    summary: 'Equipment categories and component types, with their usage counts',
    description: 'Sorted by kind then name. Optional filters: kind, active.',
    querystring: CategoriesQuery,
    success: { status: 200, schema: CategoriesResponse },
    handler: ({ scope, query }) => s.list(scope, query),
  }),
  route({
    operationId: 'createCategory', method: 'POST', url: '/categories', tag: 'Assets', access: needs('SETTINGS', 'create'),
    summary: 'Create an equipment category or a component type',
    description: 'The name is unique per kind, compared case-insensitively (409 CATEGORY_NAME_TAKEN); the same name in the other kind is allowed.',
    body: CategoryCreate,
    success: { status: 201, schema: Category },
    errors: [409],
    handler: ({ body }) => s.create(body),
  }),
  route({
    operationId: 'updateCategory', method: 'PATCH', url: '/categories/:id', tag: 'Assets', access: needs('SETTINGS', 'edit'),
    summary: 'Rename a category, or deactivate / reactivate it',
    description: 'Categories are never deleted and their kind never changes; isActive false excludes them from new uses and keeps existing ones. A name already used for the kind answers 409 CATEGORY_NAME_TAKEN.',
    params: IdParams,
    body: CategoryUpdate,
    success: { status: 200, schema: Category },
    errors: [409],
    handler: ({ scope, params, body }) => s.update(scope, params.id, body),
  }),
]
