// Property: whatever a caller sends — bodies, query strings and path parameters generated from
// the operation's own schemas, right or hostile — to whichever operation, as whichever role
// (or none), the service never answers 5xx, and never 2xx for a body the contract refuses.
// Bounded and reproducible: a fixed seed (FUZZ_SEED) and FUZZ_RUNS requests per operation.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import Ajv from 'ajv'
import addFormats from 'ajv-formats'
import fc from 'fast-check'
import { ROLE_NAMES } from '../modules/access/access.matrix.ts'
import { createLocation, insertCategory, startTestApp, type TestApp } from '../test/harness.ts'
import { type Hostility, type Ids, LONE_SURROGATE, objectOf, queryString, RAW_BODIES, RAW_QUERIES, RAW_SEGMENTS, segment, valueOf } from './contract-arbitraries.ts'
import type { Route } from './route.ts'

const RUNS = Number(process.env.FUZZ_RUNS ?? 25)
const SEED = Number(process.env.FUZZ_SEED ?? 20261123)
// FUZZ_STATS=1 prints the statuses seen per operation (to check the input reaches the services).
const stats = process.env.FUZZ_STATS ? new Map<string, Record<number, number>>() : null

// The oracle: the contract read independently of the service's own validator — standard
// formats, plus the two rules the contract documents (x-plain-text; dates are real instants
// of years 1900–2999).
const oracle = new Ajv.default({ strict: false, allErrors: false })
addFormats.default(oracle)
const standardDateTime = oracle.formats['date-time'] as { validate: (s: string) => boolean }
oracle.addFormat('date-time', (s: string) => standardDateTime.validate(s) && !Number.isNaN(Date.parse(s)) && /^(19|2\d)\d\d-/.test(s) && !/:60(\.|Z|z|[+-])/.test(s))
oracle.addKeyword({
  keyword: 'x-plain-text', type: 'string', schemaType: 'boolean',
  validate: (on: boolean, s: string) => !on || (!new RegExp(LONE_SURROGATE.source).test(s) && !/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/.test(s)),
})

let t: TestApp
const callers: (string | null)[] = [null]
// Existing ids by kind, so that generated references and path parameters reach real rows.
const pool: Record<string, string[]> = { location: [], site: [], equipment: [], componentType: [], asset: [], component: [], meter: [], partner: [], user: [], role: [], team: [], referenceValue: [], request: [], taskTemplate: [] }
const FIELD_KINDS: Record<string, string[]> = {
  parentId: ['site'], siteId: ['site'], locationId: ['location'], siteIds: ['site'], categoryId: ['equipment'], typeId: ['componentType'],
  meterId: ['meter'], partnerId: ['partner'], roleId: ['role'], memberIds: ['user'], componentId: ['component'], leaderId: ['user'],
  assetId: ['asset'], assigneeIds: ['user'],
}
// The `id` path parameter names the resource of its route.
const PATH_KINDS: [RegExp, string][] = [[/^\/assets/, 'asset'], [/^\/locations/, 'location'], [/^\/categories/, 'equipment'], [/^\/partners/, 'partner'],
  [/^\/users/, 'user'], [/^\/teams/, 'team'], [/^\/reference-values/, 'referenceValue'], [/^\/requests/, 'request'],
  [/^\/preventive\/templates/, 'taskTemplate']]

function idsFor(r: Route): Ids {
  const kind = PATH_KINDS.find(([re]) => re.test(r.url))?.[1]
  return (field) => {
    const kinds = field === 'id' && kind ? [kind] : FIELD_KINDS[field] ?? []
    const found = kinds.flatMap((k) => pool[k])
    return found.length ? found : Object.values(pool).flat()
  }
}

/** Rows created along the way join the pool: later operations find active categories, sites… */
function remember(r: Route, created: { id?: string; kind?: string; parentId?: string | null }) {
  if (typeof created.id !== 'string') return
  let kind = PATH_KINDS.find(([re]) => re.test(r.url))?.[1]
  if (kind === 'equipment' && created.kind === 'COMPONENT_TYPE') kind = 'componentType'
  if (kind === 'asset' && r.url !== '/assets') kind = r.url.endsWith('/components') ? 'component' : undefined
  if (kind === 'location' && created.parentId === null) pool.site.push(created.id)
  // An approval answers the order it created, not a request.
  if (kind === 'request' && r.url !== '/requests') kind = undefined
  if (kind) pool[kind].push(created.id)
}

before(async () => {
  // A high request ceiling: the property is about input, the rate limit is tested elsewhere.
  t = await startTestApp({ env: { RATE_LIMIT_PER_MINUTE: '1000000' } })
  for (const role of ROLE_NAMES) callers.push(await t.tokenFor(role))
  const admin = await t.tokenFor('Administrateur')
  const site = await createLocation(t, admin, { name: 'Site fuzz' })
  pool.site.push(site)
  pool.location.push(site, await createLocation(t, admin, { name: 'Zone fuzz', parentId: site }))
  pool.equipment.push(await insertCategory(t, 'EQUIPMENT', 'Ascenseur (fuzz)'))
  pool.componentType.push(await insertCategory(t, 'COMPONENT_TYPE', 'Porte (fuzz)'))
  const asset = await t.request('POST', '/assets', { token: admin, body: { reference: 'FUZZ-1', brand: 'Otis', categoryId: pool.equipment[0], locationId: site, components: [{ typeId: pool.componentType[0] }] } })
  pool.asset.push(asset.body.id)
  pool.component.push(asset.body.components[0].id)
  const meters = await t.request('GET', `/assets/${asset.body.id}/meters`, { token: admin })
  pool.meter.push(...meters.body.meters.map((m: { id: string }) => m.id))
  pool.partner.push((await t.request('POST', '/partners', { token: admin, body: { name: 'Client fuzz', kind: 'CLIENT' } })).body.id)
  // Target users apart from the callers: a generated update may disable or demote them.
  for (let i = 0; i < 2; i++) pool.user.push((await t.userWithRole('Technicien')).id)
  pool.role.push(...(await t.request('GET', '/roles', { token: admin })).body.roles.map((r: { id: string }) => r.id))
  const team = await t.request('POST', '/teams', { token: admin, body: { name: 'Équipe fuzz' } })
  if (team.status === 201) pool.team.push(team.body.id)
  const values = await t.request('GET', '/reference-values', { token: admin })
  pool.referenceValue.push(...values.body.fields.flatMap((f: { values: { id: string }[] }) => f.values.slice(0, 2).map((v) => v.id)))
})

after(() => t.close())

interface Sent { method: string; url: string; payload?: string; body?: unknown; raw: boolean; caller: number }

// Per request, one degree of wrongness for all its parts: wholly valid-looking requests reach
// the services (and their constraints), slightly and very hostile ones probe validation.
const hostility = fc.constantFrom<Hostility>(0, 0, 'one', 'one', 'one', 1, 5)
// The Administrateur (index 1) may do everything: it is picked more often so that inputs get past 403.
const caller = fc.oneof({ weight: 3, arbitrary: fc.constant(1) }, { weight: 5, arbitrary: fc.nat(ROLE_NAMES.length) })

function requestOf(r: Route) {
  return hostility.chain((h) => partsOf(r, h))
}

function partsOf(r: Route, h: Hostility) {
  const ids = idsFor(r)
  const w = typeof h === 'number' ? h : 0
  const rare = <T>(usual: fc.Arbitrary<T>, raw: fc.Arbitrary<T>) => (w === 0 ? usual : fc.oneof({ weight: 20, arbitrary: usual }, { weight: w, arbitrary: raw }))
  const params = rare((r.params ? objectOf(r.params, ids, h) : fc.constant({})).map((p) => ({ p, raw: null as string | null })),
    fc.constantFrom(...RAW_SEGMENTS).map((raw) => ({ p: {}, raw })))
  const query = r.querystring ? rare(objectOf(r.querystring, ids, h).map(queryString), fc.constantFrom(...RAW_QUERIES)) : fc.constant('')
  const body = r.body
    ? rare(valueOf(r.body, ids, h).map((v) => ({ v, raw: null as string | null })), fc.constantFrom(...RAW_BODIES).map((raw) => ({ v: undefined as unknown, raw })))
    : fc.constant({ v: undefined as unknown, raw: null as string | null })
  return fc.record({ params, query, body, caller }).map(({ params, query, body, caller }): Sent => {
    let path = r.url
    for (const name of Object.keys(r.params?.properties ?? {})) {
      path = path.replace(`:${name}`, params.raw ?? (name in params.p ? segment((params.p as Record<string, unknown>)[name]) : 'absent'))
    }
    const url = `/api${path}${query ? `?${query}` : ''}`
    const payload = r.body ? body.raw ?? (body.v === undefined ? undefined : JSON.stringify(body.v)) : undefined
    return { method: r.method, url, payload, body: body.raw === null ? body.v : undefined, raw: body.raw !== null, caller }
  })
}

/** What the oracle says of the body as the service received it (raw payloads parsed first). */
function bodyAccepted(r: Route, sent: Sent): boolean {
  let value: unknown = sent.body
  if (sent.raw) {
    try { value = JSON.parse(sent.payload ?? '') } catch { return false }
  }
  if (sent.payload === undefined) return false
  return oracle.validate(r.body as object, value) as boolean
}

describe(`every operation, every role, generated input (seed ${SEED}, ${RUNS} runs each)`, () => {
  test('the operations are all here', () => assert.ok(t.app.routes.length >= 30))

  test('no 5xx, and no 2xx for a body the contract refuses', async (ctx) => {
    for (const r of t.app.routes) {
      await ctx.test(`${r.operationId} (${r.method} ${r.url})`, async () => {
        await fc.assert(fc.asyncProperty(requestOf(r), async (sent) => {
          const token = callers[sent.caller]
          const res = await t.app.fastify.inject({
            method: sent.method as never,
            url: sent.url,
            headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(sent.payload !== undefined ? { 'content-type': 'application/json' } : {}) },
            ...(sent.payload !== undefined ? { payload: sent.payload } : {}),
          })
          const described = `${sent.method} ${sent.url.slice(0, 300)} caller=${sent.caller} body=${(sent.payload ?? '').slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`
          if (stats) {
            const seen = stats.get(r.operationId) ?? {}
            seen[res.statusCode] = (seen[res.statusCode] ?? 0) + 1
            stats.set(r.operationId, seen)
          }
          assert.ok(res.statusCode < 500, described)
          if (res.statusCode === 201) remember(r, JSON.parse(res.body))
          if (res.statusCode < 300 && r.body) assert.ok(bodyAccepted(r, sent), `2xx for a refused body: ${described}`)
          assert.ok(res.headers['x-request-id'], described)
        }), { seed: SEED, numRuns: RUNS, endOnFailure: false })
      })
    }
    if (stats) for (const [op, seen] of stats) ctx.diagnostic(`${op.padEnd(24)} ${JSON.stringify(seen)}`)
  })
})
