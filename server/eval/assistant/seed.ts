// Seeds the evaluation corpus into a test app through the public operations, as a client
// would: staff invited and activated, partners, sites with guardians, elevators with their
// components, orders phoned in, requested or reported on the portal, coded reports with
// notes, closure; then the manuals uploaded, one taken out of the corpus, one damaged.
import assert from 'node:assert/strict'
import { writePdf } from '../../src/lib/pdf-writer.ts'
import { ok } from '../../src/test/api-client.ts'
import type { TestApp } from '../../src/test/harness.ts'
import { uploadDocument } from '../../src/modules/documents/documents.fixtures.ts'
import { ASSETS, PARTNERS, REQUESTERS, SITES, USERS } from './company.ts'
import { DAMAGED, MANUALS } from './manuals/index.ts'
import { ORDERS, type OrderSpec } from './orders.ts'

export interface SeededDocument { key: string; id: string; fileName: string; inCorpus: boolean; readable: boolean; pages: number; scannedPages: number }
export interface SeededOrder { spec: OrderSpec; id: string; reference: string }

export interface Seeded {
  tokens: { admin: string; technician: string; dispatcher: string }
  assetIds: Map<string, string>
  orders: Map<string, SeededOrder>
  documents: Map<string, SeededDocument>
  referenceValueIds: Map<string, Map<string, string>>
  counts: { users: number; sites: number; assets: number; orders: number; requests: number; portal: number }
}

const FIELD_KEYS = { SYMPTOM: 'symptom', COMPONENT: 'component', CAUSE: 'cause', ACTION: 'action', RESULT: 'result', CIRCUMSTANCE: 'circumstance' } as const
export type FieldKey = (typeof FIELD_KEYS)[keyof typeof FIELD_KEYS]

export async function seedCorpus(t: TestApp): Promise<Seeded> {
  const admin = (await t.userWithRole('Administrateur')).token

  // Staff: invited, then activated with the link's token (what the person would click).
  const roles = new Map(ok(await t.api.listRoles({}, admin)).roles.map((r) => [r.name, r.id]))
  const userTokens = new Map<string, string>()
  const userIds = new Map<string, string>()
  for (const u of USERS) {
    const inv = ok(await t.api.inviteUser({ body: { email: u.email, displayName: u.displayName, roleId: roles.get(u.role)!, phone: u.phone } }, admin))
    const token = new URL(inv.activationUrl).searchParams.get('token')!
    const auth = ok(await t.api.activateAccount({ body: { token, password: 'mot-de-passe-eval-2024' } }))
    userTokens.set(u.key, auth.accessToken)
    userIds.set(u.key, inv.user.id)
  }
  const dispatcher = userTokens.get('roux')!
  const technicians = USERS.filter((u) => u.role === 'Technicien').map((u) => u.key)

  const partnerIds = new Map<string, string>()
  for (const { key, ...p } of PARTNERS) partnerIds.set(key, ok(await t.api.createPartner({ body: p }, admin)).id)

  const locationIds = new Map<string, string>()
  for (const s of SITES) {
    const site = ok(await t.api.createLocation({ body: {
      name: s.name, city: s.city, address: s.address, guardianName: s.guardianName, guardianPhone: s.guardianPhone,
      ...(s.client ? { partnerId: partnerIds.get(s.client)! } : {}),
    } }, admin))
    locationIds.set(s.key, site.id)
    for (const z of s.zones) locationIds.set(`${s.key}/${z}`, ok(await t.api.createLocation({ body: { name: z, parentId: site.id } }, admin)).id)
  }

  const categories = new Map(ok(await t.api.listCategories({ query: { active: true } }, admin)).categories.map((c) => [`${c.kind}/${c.name}`, c.id]))
  const assetIds = new Map<string, string>()
  for (const a of ASSETS) {
    const created = ok(await t.api.createAsset({ body: {
      reference: a.reference, brand: a.brand, model: a.model, loadKg: a.loadKg, floors: a.floors, underContract: true,
      categoryId: categories.get(`EQUIPMENT/${a.category}`)!,
      locationId: locationIds.get(a.zone ? `${a.site}/${a.zone}` : a.site)!,
      components: a.components.map((c) => ({ typeId: categories.get(`COMPONENT_TYPE/${c.type}`)!, brand: c.brand, model: c.model })),
    } }, admin))
    assetIds.set(a.key, created.id)
  }

  // Report values by field and label, as the report form reads them.
  const referenceValueIds = new Map<string, Map<string, string>>()
  for (const f of ok(await t.api.listReferenceValues({ query: { active: true } }, admin)).fields) {
    referenceValueIds.set(FIELD_KEYS[f.field], new Map(f.values.map((v) => [v.label, v.id])))
  }
  const valueId = (field: FieldKey, label: string) => {
    const id = referenceValueIds.get(field)?.get(label)
    assert.ok(id, `no active ${field} value « ${label} »`)
    return id
  }

  const orders = new Map<string, SeededOrder>()
  const counts = { users: USERS.length, sites: SITES.length, assets: ASSETS.length, orders: 0, requests: 0, portal: 0 }
  let portalIp = 0
  for (const [i, spec] of ORDERS.entries()) {
    const technician = technicians[i % technicians.length]
    const assetId = assetIds.get(spec.asset)!
    let order: { id: string; reference: string }
    if (spec.source === 'request' || spec.source === 'portal') {
      let requestId: string
      if (spec.source === 'request') {
        requestId = ok(await t.api.createRequest({ body: { assetId, description: spec.description, personBlocked: spec.personBlocked ?? false } }, userTokens.get('vasseur')!)).id
        counts.requests++
      } else {
        const reference = ASSETS.find((a) => a.key === spec.asset)!.reference
        const created = ok(await t.api.createPortalRequest({ body: {
          reference, description: spec.description, personBlocked: spec.personBlocked ?? false,
          contactName: REQUESTERS.portal.name, contactPhone: REQUESTERS.portal.phone,
        }, ip: `10.99.${Math.floor(++portalIp / 250)}.${portalIp % 250 + 1}` }))
        const pending = ok(await t.api.listRequests({ query: { q: created.reference, limit: 5 } }, dispatcher)).requests
        requestId = pending.find((r) => r.reference === created.reference)!.id
        counts.portal++
      }
      order = ok(await t.api.approveRequest({ params: { id: requestId }, body: { assigneeIds: [userIds.get(technician)!] } }, dispatcher))
    } else {
      order = ok(await t.api.createWorkOrder({ body: {
        assetId, description: spec.description, personBlocked: spec.personBlocked ?? false,
        assigneeIds: [userIds.get(technician)!],
        ...(spec.requesterName ? { requesterName: spec.requesterName } : {}),
      } }, dispatcher))
    }
    // The assigned technician writes the coded report and its notes, then closes the order.
    const token = userTokens.get(technician)!
    const l = spec.labels
    ok(await t.api.upsertWorkOrderReport({ params: { id: order.id }, body: {
      symptomId: valueId('symptom', l.symptom), componentId: valueId('component', l.component), causeId: valueId('cause', l.cause),
      actionId: valueId('action', l.action), resultId: valueId('result', l.result), circumstanceId: valueId('circumstance', l.circumstance),
      notes: spec.notes,
    } }, token))
    ok(await t.api.transitionWorkOrder({ params: { id: order.id }, body: { to: 'DONE' } }, token))
    orders.set(spec.key, { spec, id: order.id, reference: order.reference })
    counts.orders++
  }

  const documents = new Map<string, SeededDocument>()
  for (const m of MANUALS) {
    const bytes = await writePdf(m.pages, { title: m.title })
    const target: Record<string, string> = 'asset' in m.attach ? { assetId: assetIds.get(m.attach.asset)! } : { workOrderId: orders.get(m.attach.order)!.id }
    const res = await uploadDocument(t, admin, { kind: 'MANUAL', ...target }, { bytes: Buffer.from(bytes), name: m.fileName })
    assert.equal(res.status, 201, JSON.stringify(res.body))
    assert.equal(res.body.inCorpus, true)
    if (m.inCorpus === false) ok(await t.api.updateDocumentCorpus({ params: { id: res.body.id }, body: { inCorpus: false } }, admin))
    const scannedPages = m.pages.filter((p) => 'scanned' in p).length
    documents.set(m.key, { key: m.key, id: res.body.id, fileName: m.fileName, inCorpus: m.inCorpus !== false, readable: true, pages: m.pages.length, scannedPages })
  }
  for (const d of DAMAGED) {
    const res = await uploadDocument(t, admin, { kind: 'MANUAL', assetId: assetIds.get(d.attach.asset)! }, { bytes: Buffer.from(d.bytes), name: d.fileName })
    assert.equal(res.status, 201, JSON.stringify(res.body))
    documents.set(d.key, { key: d.key, id: res.body.id, fileName: d.fileName, inCorpus: true, readable: false, pages: 0, scannedPages: 0 })
  }

  return { tokens: { admin, technician: userTokens.get('benali')!, dispatcher }, assetIds, orders, documents, referenceValueIds, counts }
}
