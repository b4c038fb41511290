import { Body, Count, List, named, Out, StringEnum, Text, Type, Uuid } from '../../http/schema-kit.ts'

export const CATEGORY_KINDS = ['EQUIPMENT', 'COMPONENT_TYPE'] as const
export type CategoryKindValue = (typeof CATEGORY_KINDS)[number]
export const CategoryKind = StringEnum(CATEGORY_KINDS, {
  description: 'EQUIPMENT: family of an asset (traction elevator, escalator…). COMPONENT_TYPE: type of a component fitted on an asset. Fixed at creation.',
})

// Reference data edited by hand: a few dozen rows per kind. Listed whole, never paginated.
export const MAX_CATEGORIES = 2000

const Name = () => Text(80, { minLength: 1, pattern: '\\S', description: 'Unique per kind, compared case-insensitively; trimmed.' })

export const Category = named('Category', Out({
  id: Uuid(),
  kind: CategoryKind,
  name: Text(80),
  isActive: Type.Boolean({ description: 'An inactive category stays on the assets and components that use it but cannot be chosen again.' }),
  usageCount: Count({ description: 'EQUIPMENT: assets of this category. COMPONENT_TYPE: components of this type currently fitted (not removed).' }),
}))

export const CategoriesResponse = named('CategoriesResponse', Out({
  categories: List(Category, MAX_CATEGORIES, { description: 'Sorted by kind (EQUIPMENT first), then name.' }),
}))

export const CategoriesQuery = Type.Object({
  kind: Type.Optional(CategoryKind),
  active: Type.Optional(Type.Boolean({ description: 'true: active categories only; false: inactive only.' })),
}, { additionalProperties: false })

export const CategoryCreate = named('CategoryCreate', Body({
  kind: CategoryKind,
  name: Name(),
}))

export const CategoryUpdate = named('CategoryUpdate', Body({
  name: Type.Optional(Name()),
  isActive: Type.Optional(Type.Boolean({ description: 'false deactivates: excluded from new uses, kept where already used.' })),
}, { minProperties: 1, description: 'The kind cannot change: the assets or components using the category would no longer match it.' }))
