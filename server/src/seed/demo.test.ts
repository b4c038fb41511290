import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { extractText, getDocumentProxy } from 'unpdf'
import { ROLE_NAMES, type RoleName } from '../modules/access/access.matrix.ts'
import { REFERENCE_PATTERN } from '../modules/assets/assets.schemas.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'
import { seedDemo } from './demo.ts'
import { DEMO_MANUALS } from './demo-manuals-data.ts'
import { DEMO_TASK_TEMPLATES, seedDemoTaskTemplates } from './demo-preventive.ts'

let t: TestApp
before(async () => {
  t = await startTestApp({ env: { DEMO_MODE: '1' } })
  assert.equal(await seedDemo(t.app.deps), true)
})
after(() => t.close())

/** Logs in through the demo login as the demo account of that role. */
async function demoToken(role: RoleName): Promise<string> {
  const { body } = await t.request('GET', '/auth/demo-accounts')
  const account = body.accounts.find((a: { roleName: string }) => a.roleName === role)
  return (await t.request('POST', '/auth/demo-login', { body: { userId: account.id } })).body.accessToken
}

interface ListedAsset { id: string; reference: string; brand: string; siteName: string; status: string; componentCount: number }

async function allAssets(token: string, query = ''): Promise<ListedAsset[]> {
  const res = await t.request('GET', `/assets?limit=200${query}`, { token })
  assert.equal(res.status, 200)
  assert.equal(res.headers.link, undefined)
  return res.body.assets
}

test('seeding is idempotent: a store with people is left alone', async () => {
  assert.equal(await seedDemo(t.app.deps), false)
})

test('one active demo account per role, with initials and no secret', async () => {
  const res = await t.request('GET', '/auth/demo-accounts')
  assert.equal(res.status, 200)
  assert.deepEqual(res.body.accounts.map((a: { roleName: string }) => a.roleName), [...ROLE_NAMES])
  for (const a of res.body.accounts) {
    assert.deepEqual(Object.keys(a).sort(), ['displayName', 'id', 'initials', 'roleName'])
    assert.match(a.initials, /^\p{Lu}{1,3}$/u)
  }
})

test('demoLogin logs in as each demo account; a non-demo account is 403, an unknown one 404', async () => {
  const { body } = await t.request('GET', '/auth/demo-accounts')
  for (const a of body.accounts) {
    const res = await t.request('POST', '/auth/demo-login', { body: { userId: a.id } })
    assert.equal(res.status, 200)
    assert.equal(res.body.user.isDemo, true)
    const me = await t.request('GET', '/users/me', { token: res.body.accessToken })
    assert.equal(me.body.role.name, a.roleName)
  }
  const admin = (await t.request('POST', '/auth/demo-login', { body: { userId: body.accounts[0].id } })).body.accessToken
  const staff = (await t.request('GET', '/users', { token: admin })).body.users.find((u: { isDemo: boolean }) => !u.isDemo)
  const refused = await t.request('POST', '/auth/demo-login', { body: { userId: staff.id } })
  assert.equal(refused.status, 403)
  assert.equal(refused.body.error.code, 'NOT_A_DEMO_ACCOUNT')
  const unknown = await t.request('POST', '/auth/demo-login', { body: { userId: '0190f0e2-0000-7000-8000-000000000000' } })
  assert.equal(unknown.status, 404)
})

test('the dataset: sites in several cities with zones, client partners, suppliers, teams, hourly rates', async () => {
  const { body } = await t.request('GET', '/auth/demo-accounts')
  const admin = (await t.request('POST', '/auth/demo-login', { body: { userId: body.accounts[0].id } })).body.accessToken
  const { locations } = (await t.request('GET', '/locations', { token: admin })).body
  const sites = locations.filter((l: { parentId: string | null }) => l.parentId === null)
  assert.ok(new Set(sites.map((s: { city: string }) => s.city)).size >= 5)
  assert.ok(sites.every((s: { id: string }) => locations.some((z: { parentId: string }) => z.parentId === s.id)))
  assert.ok(sites.some((s: { partnerName: string | null }) => s.partnerName))
  const { partners } = (await t.request('GET', '/partners', { token: admin })).body
  assert.ok(partners.some((p: { kind: string }) => p.kind === 'SUPPLIER'))
  const { teams } = (await t.request('GET', '/teams', { token: admin })).body
  assert.ok(teams.length >= 3 && teams.every((tm: { memberCount: number }) => tm.memberCount > 0))
  const { users } = (await t.request('GET', '/users', { token: admin })).body
  assert.ok(users.filter((u: { role: { name: string }; hourlyRateCents: number | null }) => u.role.name === 'Technicien' && u.hourlyRateCents).length >= 3)
})

test('the demo Demandeur sees only the sites she is assigned to, and their zones', async () => {
  const { body } = await t.request('GET', '/auth/demo-accounts')
  const requester = body.accounts.find((a: { roleName: string }) => a.roleName === 'Demandeur')
  const token = (await t.request('POST', '/auth/demo-login', { body: { userId: requester.id } })).body.accessToken
  const { locations } = (await t.request('GET', '/locations', { token })).body
  const sites = locations.filter((l: { parentId: string | null }) => l.parentId === null)
  assert.equal(sites.length, 2)
  assert.ok(sites.every((s: { city: string }) => s.city === 'Lyon'))
  assert.ok(locations.length > sites.length)
})

test('the fleet: a few dozen elevators of several brands over the sites, mostly in service and under contract', async () => {
  const admin = await demoToken('Administrateur')
  const fleet = await allAssets(admin)
  assert.ok(fleet.length >= 30, `${fleet.length} assets`)
  assert.ok(new Set(fleet.map((a) => a.siteName)).size >= 6)
  assert.ok(new Set(fleet.map((a) => a.brand)).size >= 5)
  assert.ok(fleet.every((a) => new RegExp(REFERENCE_PATTERN).test(a.reference)))
  assert.ok(fleet.every((a) => a.componentCount >= 3), 'every asset has at least 3 components')
  const byStatus = (s: string) => fleet.filter((a) => a.status === s).length
  assert.ok(byStatus('OUT_OF_SERVICE') >= 1 && byStatus('UNDER_MAINTENANCE') >= 1 && byStatus('IN_SERVICE') > fleet.length / 2)
  const notUnderContract = await allAssets(admin, '&underContract=false')
  assert.ok(notUnderContract.length >= 1 && notUnderContract.length < fleet.length / 4)

  for (const a of fleet.filter((x) => x.status !== 'IN_SERVICE')) {
    const detail = (await t.request('GET', `/assets/${a.id}`, { token: admin })).body
    assert.ok(detail.statusChangedAt && new Date(detail.statusChangedAt) < new Date())
  }
  const detail = (await t.request('GET', `/assets/${fleet[0].id}`, { token: admin })).body
  assert.equal(detail.components.length, fleet[0].componentCount)
  assert.ok(detail.components.every((c: { brand: string | null; installedAt: string | null }) => c.brand && c.installedAt))
  assert.ok(detail.commissionedAt >= '1995-01-01' && detail.commissionedAt < '2025-01-01')
})

test('every demo asset has its two meters, with a reading history newest first and strictly increasing', async () => {
  const admin = await demoToken('Administrateur')
  const now = Date.now()
  for (const a of await allAssets(admin)) {
    const res = await t.request('GET', `/assets/${a.id}/meters`, { token: admin })
    assert.equal(res.status, 200)
    assert.deepEqual(res.body.meters.map((m: { kind: string }) => m.kind), ['TRIPS', 'RUNNING_HOURS'])
    for (const m of res.body.meters) {
      const readings: { value: number; readAt: string; recordedBy: { displayName: string } | null }[] = m.readings
      assert.ok(readings.length >= 8, `${a.reference} ${m.kind}: ${readings.length} readings`)
      for (let i = 1; i < readings.length; i++) {
        assert.ok(readings[i - 1].value > readings[i].value, `${a.reference} ${m.kind}: values go up with time`)
        assert.ok(readings[i - 1].readAt > readings[i].readAt, `${a.reference} ${m.kind}: newest first`)
      }
      assert.equal(m.lastValue, readings[0].value)
      assert.equal(m.lastReadAt, readings[0].readAt)
      assert.ok(Date.parse(readings[0].readAt) < now)
      assert.ok(readings.every((r) => r.recordedBy), 'recorded by a technician')
    }
  }
})

test('the demo Demandeur picks only assets of her two Lyon sites', async () => {
  const requester = await demoToken('Demandeur')
  const { locations } = (await t.request('GET', '/locations', { token: requester })).body
  const mySites = new Set(locations.filter((l: { parentId: string | null }) => l.parentId === null).map((l: { name: string }) => l.name))
  const res = await t.request('GET', '/assets/options', { token: requester })
  assert.equal(res.status, 200)
  const options: { siteName: string }[] = res.body.options
  assert.ok(options.length > 0)
  assert.ok(options.every((o) => mySites.has(o.siteName)))
  const admin = await demoToken('Administrateur')
  assert.equal(options.length, (await allAssets(admin)).filter((a) => mySites.has(a.siteName)).length)
})

test('each demo site counts the assets of its whole fleet (site and zones)', async () => {
  const admin = await demoToken('Administrateur')
  const { locations } = (await t.request('GET', '/locations', { token: admin })).body
  const fleet = await allAssets(admin)
  for (const site of locations.filter((l: { parentId: string | null }) => l.parentId === null)) {
    const ofSite = await allAssets(admin, `&siteId=${site.id}`)
    assert.ok(ofSite.length > 0, site.name)
    assert.equal(site.assetCount, ofSite.length, site.name)
    assert.equal(site.assetCount, fleet.filter((a) => a.siteName === site.name).length, site.name)
  }
})

test('the maintenance programme: monthly visit tasks, half-yearly brakes and ropes, yearly safety gear and governor, the five-yearly inspection', async () => {
  const res = await t.request('GET', '/preventive/templates', { token: await demoToken('Administrateur') })
  assert.equal(res.status, 200)
  const tasks: { label: string; periodicityMonths: number; isActive: boolean }[] = res.body.taskTemplates
  assert.deepEqual(tasks.map((x) => [x.label, x.periodicityMonths]).sort(), DEMO_TASK_TEMPLATES.map((x) => [x.label, x.periodicityMonths]).sort())
  assert.ok(tasks.every((x) => x.isActive))
  assert.deepEqual([...new Set(tasks.map((x) => x.periodicityMonths))], [1, 6, 12, 60])
  // Seeding the programme again adds nothing.
  assert.equal(await seedDemoTaskTemplates(t.app.deps.database.db, new Date()), 0)
})

test('the stock: spare parts from the suppliers, two under their threshold, priced, with consumptions on finished orders', async () => {
  const token = await demoToken('Gestionnaire')
  const res = await t.request('GET', '/parts?limit=200', { token })
  assert.equal(res.status, 200)
  const list = res.body.parts as { id: string; designation: string; quantity: number; belowThreshold: boolean; lastUnitPriceCents: number | null; supplier: unknown }[]
  assert.ok(list.length >= 12)
  assert.ok(list.every((p) => p.lastUnitPriceCents !== null && p.quantity >= 0))
  const below = list.filter((p) => p.belowThreshold).map((p) => p.designation)
  assert.ok(below.includes('Contacteur de porte palière') && below.includes('Fusible 10 A'), below.join(', '))
  const cable = list.find((p) => p.designation.startsWith('Câble de traction'))!
  const detail = await t.request('GET', `/parts/${cable.id}`, { token })
  const kinds = new Set(detail.body.movements.map((m: { kind: string }) => m.kind))
  assert.ok(kinds.has('MANUAL') && kinds.has('CONSUMPTION'))
  const sum = detail.body.movements.reduce((s: number, m: { quantity: number }) => s + m.quantity, 0)
  assert.equal(sum, cable.quantity)
})

test('the purchase orders: received, sent, draft and cancelled, from suppliers, each receipt once in the ledger of its parts', async () => {
  const token = await demoToken('Gestionnaire')
  const res = await t.request('GET', '/purchase-orders?limit=200', { token })
  assert.equal(res.status, 200)
  type Line = { id: string; part: { id: string }; quantity: number; unitPriceCents: number; totalCents: number }
  const orders = res.body.purchaseOrders as { reference: string; status: string; supplier: { id: string }; lines: Line[]; totalCents: number; createdAt: string; sentAt: string | null; receivedAt: string | null; allowedTransitions: string[] }[]
  const byStatus = (s: string) => orders.filter((o) => o.status === s)
  assert.ok(orders.length >= 6 && orders.length <= 10, `${orders.length} orders`)
  assert.ok(byStatus('RECEIVED').length >= 2 && byStatus('SENT').length >= 1 && byStatus('DRAFT').length >= 1 && byStatus('CANCELLED').length >= 1)
  // Newest first, BC- numbers in order of creation.
  const numbers = orders.map((o) => Number(/^BC-(\d{6,})$/.exec(o.reference)![1]))
  assert.deepEqual(numbers, [...numbers].sort((a, b) => b - a))
  assert.deepEqual(byStatus('SENT').flatMap((o) => o.allowedTransitions), byStatus('SENT').flatMap(() => ['receive', 'cancel']))

  type Partner = { id: string; kind: string; isActive: boolean }
  type Part = { id: string; supplier: { id: string } | null; quantity: number }
  const suppliers = new Map<string, Partner>((await t.request('GET', '/partners', { token })).body.partners.map((p: Partner) => [p.id, p]))
  const parts = new Map<string, Part>((await t.request('GET', '/parts?limit=200', { token })).body.parts.map((p: Part) => [p.id, p]))
  const ledgers = new Map<string, { kind: string; quantity: number; unitPriceCents: number; purchaseOrder: { reference: string } | null; createdAt: string }[]>()
  for (const id of parts.keys()) ledgers.set(id, (await t.request('GET', `/parts/${id}`, { token })).body.movements)
  for (const o of orders) {
    assert.deepEqual(suppliers.get(o.supplier.id), { ...suppliers.get(o.supplier.id), kind: 'SUPPLIER', isActive: true }, o.reference)
    assert.equal(o.totalCents, o.lines.reduce((s, l) => s + l.quantity * l.unitPriceCents, 0), o.reference)
    for (const l of o.lines) {
      assert.equal(parts.get(l.part.id)!.supplier?.id, o.supplier.id, `${o.reference}: a part of its supplier`)
      const receipts = ledgers.get(l.part.id)!.filter((m) => m.purchaseOrder?.reference === o.reference)
      if (o.status !== 'RECEIVED') assert.deepEqual(receipts, [], o.reference)
      else assert.deepEqual(receipts.map((m) => [m.kind, m.quantity, m.unitPriceCents, m.createdAt]), [['RECEIPT', l.quantity, l.unitPriceCents, o.receivedAt]], o.reference)
    }
  }
  // Every receipt comes from a received order; every quantity is its ledger's sum.
  const received = new Set(byStatus('RECEIVED').map((o) => o.reference))
  for (const [id, ledger] of ledgers) {
    assert.ok(ledger.filter((m) => m.kind === 'RECEIPT').every((m) => received.has(m.purchaseOrder!.reference)))
    assert.equal(ledger.reduce((s, m) => s + m.quantity, 0), parts.get(id)!.quantity)
  }
})

test('the demo library: the invented manuals on the Tractis elevator, in the assistant\'s corpus, readable page by page', async () => {
  const token = await demoToken('Technicien')
  const [asset] = (await allAssets(token, '&q=LYO-CF-S1'))
  assert.equal(asset.brand, 'Tractis')
  const res = await t.request('GET', `/documents?assetId=${asset.id}`, { token })
  assert.equal(res.status, 200)
  const docs = res.body.documents as { id: string; fileName: string; kind: string; inCorpus: boolean; contentType: string }[]
  assert.deepEqual(docs.map((d) => d.fileName).sort(), DEMO_MANUALS.map((m) => m.fileName).sort())
  assert.ok(docs.every((d) => d.kind === 'MANUAL' && d.inCorpus && d.contentType === 'application/pdf'))
  for (const d of docs) {
    const down = await t.app.fastify.inject({ method: 'GET', url: `/api/documents/${d.id}/download`, headers: { authorization: `Bearer ${token}` } })
    assert.equal(down.statusCode, 200)
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(down.rawPayload)), { mergePages: false })
    assert.equal(text.length, DEMO_MANUALS.find((m) => m.fileName === d.fileName)!.pages.length, d.fileName)
    assert.ok(text.every((page) => page.trim().length > 0), d.fileName)
  }
})

test('closed breakdowns carry the technician\'s notes (most of them), shown on the order', async () => {
  const token = await demoToken('Technicien')
  const res = await t.request('GET', '/work-orders?status=DONE&type=CORRECTIVE&limit=200', { token })
  assert.equal(res.status, 200)
  const closed = res.body.workOrders as { id: string }[]
  const notes = await Promise.all(closed.map(async (o) => (await t.request('GET', `/work-orders/${o.id}`, { token })).body.report.notes as string | null))
  assert.ok(notes.filter(Boolean).length > closed.length / 2, `${notes.filter(Boolean).length} of ${closed.length}`)
  assert.ok(notes.some((n) => n && /A-\d\d/.test(n)), 'the Tractis elevator\'s notes name its Logicab codes')
})
