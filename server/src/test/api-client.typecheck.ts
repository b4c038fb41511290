// Compile-time checks of the typed client (npm run typecheck fails if a line below stops
// holding): inputs and answers are typed from each route's schemas. Never run.
import type { TestApp } from './harness.ts'
declare const t: TestApp
const a = await t.api.getAsset({ params: { id: 'x' } }, 'tok')
const ref: string = a.body.reference
const c = await t.api.createCategory({ body: { kind: 'EQUIPMENT', name: 'x' } })
const k: 'EQUIPMENT' | 'COMPONENT_TYPE' = c.body.kind
const l = await t.api.listCategories()
const n: number = l.body.categories[0].usageCount
const h = await t.api.getHealth()
// @ts-expect-error missing params
await t.api.getAsset({}, 'tok')
// @ts-expect-error wrong body kind
await t.api.createCategory({ body: { kind: 'NOPE', name: 'x' } })
// @ts-expect-error no such field
const bad = c.body.nope
export { ref, k, n, h, bad }
// @ts-expect-error reference is a string
const notNum: number = a.body.reference
// @ts-expect-error commissionedAt travels as a string
const d: Date = a.body.commissionedAt!
const q = await t.api.listCategories({ query: { kind: 'COMPONENT_TYPE', active: true } }, 'tok')
// @ts-expect-error query values are typed too
await t.api.listCategories({ query: { kind: 'NOPE' } })
// @ts-expect-error an operation that does not exist
await t.api.getNothing()
const none: null = (await t.api.removeAssetComponent({ params: { id: 'a', componentId: 'c' } }, 'tok')).body
export { notNum, d, q, none }
