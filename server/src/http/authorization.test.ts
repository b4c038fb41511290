// The authorization matrix, walked for real: every operation of the generated contract, for
// every role and for an anonymous caller. The expectations below are written out by hand
// (not derived from the route declarations), so a route declaring the wrong permission fails
// here, and a new operation without an expectation fails too.
import assert from 'node:assert/strict'
import { after, before, test } from 'node:test'
import { ROLE_NAMES, type RoleName } from '../modules/access/access.matrix.ts'
import { startTestApp, type TestApp } from '../test/harness.ts'

const A = 'Administrateur', D = 'Dispatcher', T = 'Technicien', L = 'Technicien limité', G = 'Gestionnaire', R = 'Demandeur', V = 'Vue seule'
const ALL: RoleName[] = [...ROLE_NAMES]

/** 'public': no token needed. Otherwise: the roles allowed past authorization (default matrix). */
const EXPECTED: Record<string, 'public' | RoleName[]> = {
  login: 'public',
  listDemoAccounts: 'public',
  demoLogin: 'public',
  activateAccount: 'public',
  getHealth: 'public',
  getMe: ALL,
  // REQUESTS: view everyone (without view-other T L R see their own); create A D T L R;
  // approve and reject need edit (A D), approving also WORK_ORDERS create (A D).
  listRequests: ALL,
  createRequest: [A, D, T, L, R],
  approveRequest: [A, D],
  rejectRequest: [A, D],
  // The QR-code portal needs no account.
  getPortalAsset: 'public',
  createPortalRequest: 'public',
  getPortalRequestStatus: 'public',
  // PEOPLE_TEAMS: view A D T G V; create and edit A G.
  listUsers: [A, D, T, G, V],
  listRoles: [A, D, T, G, V],
  inviteUser: [A, G],
  resendInvitation: [A, G],
  updateUser: [A, G],
  listTeams: [A, D, T, G, V],
  createTeam: [A, G],
  updateTeam: [A, G],
  // LOCATIONS: view everyone; create and edit A D.
  listLocations: ALL,
  createLocation: [A, D],
  updateLocation: [A, D],
  // Partners are bound to PURCHASE_ORDERS (spec): view A D G V; create and edit A G.
  listPartners: [A, D, G, V],
  createPartner: [A, G],
  updatePartner: [A, G],
  // Parts: PARTS view A D T L G V; create, edit and stock movements A G.
  listParts: [A, D, T, L, G, V],
  createPart: [A, G],
  getPart: [A, D, T, L, G, V],
  updatePart: [A, G],
  addStockMovement: [A, G],
  // Purchase orders: view A D G V; create and edit A G.
  listPurchaseOrders: [A, D, G, V],
  createPurchaseOrder: [A, G],
  getPurchaseOrder: [A, D, G, V],
  transitionPurchaseOrder: [A, G],
  // Categories are read with ASSETS view, written with SETTINGS (Administrateur only).
  listCategories: ALL,
  createCategory: [A],
  updateCategory: [A],
  // Report vocabulary: SETTINGS view (everyone who works orders), written by A.
  listReferenceValues: [A, D, T, L, G, V],
  createReferenceValue: [A],
  updateReferenceValue: [A],
  // ASSETS: view everyone (Demandeur scoped to its sites); create and edit A D.
  listAssets: ALL,
  getAsset: ALL,
  listAssetOptions: ALL,
  createAsset: [A, D],
  updateAsset: [A, D],
  addAssetComponent: [A, D],
  removeAssetComponent: [A, D],
  // METERS: view A D T L G V; readings by A D T L.
  getAssetMeters: [A, D, T, L, G, V],
  addMeterReading: [A, D, T, L],
  // Preventive tasks are settings (read with SETTINGS view, written by A); grids are work
  // orders: generated with WORK_ORDERS create (A D T), followed with WORK_ORDERS view.
  listTaskTemplates: [A, D, T, L, G, V],
  createTaskTemplate: [A],
  updateTaskTemplate: [A],
  generatePreventive: [A, D, T],
  getPreventiveStatus: [A, D, T, L, G, V],
  // WORK_ORDERS: view A D T L G V (L only its own); create A D T; edit A D T L.
  listWorkOrders: [A, D, T, L, G, V],
  createWorkOrder: [A, D, T],
  getWorkOrder: [A, D, T, L, G, V],
  transitionWorkOrder: [A, D, T, L],
  commentWorkOrder: [A, D, T, L],
  setWorkOrderAssignees: [A, D, T, L],
  upsertWorkOrderReport: [A, D, T, L],
  patchChecklistItem: [A, D, T, L],
  consumePart: [A, D, T, L],
  addLaborTime: [A, D, T, L],
  // Search: any account; each family filtered by its own category's view right.
  globalSearch: ALL,
  // ANALYTICS view: A D G V.
  getAnalyticsSummary: [A, D, G, V],
  // Documents follow their target: view on ASSETS or WORK_ORDERS to read (everyone has ASSETS
  // view), edit on either to upload, change the corpus flag or delete (A D T L); the target's
  // own category is then decided per document.
  listDocuments: ALL,
  uploadDocument: [A, D, T, L],
  downloadDocument: ALL,
  updateDocumentCorpus: [A, D, T, L],
  deleteDocument: [A, D, T, L],
  // The assistant: asking needs WORK_ORDERS view (its excerpts are then filtered by source);
  // suggestions and dictation serve the report, so WORK_ORDERS edit; re-indexing SETTINGS edit.
  askAssistant: [A, D, T, L, G, V],
  suggestBilan: [A, D, T, L],
  reindexAssistant: [A],
  transcribeAudio: [A, D, T, L],
}

let t: TestApp
const tokens = new Map<RoleName, string>()

before(async () => {
  t = await startTestApp()
  for (const role of ROLE_NAMES) tokens.set(role, await t.tokenFor(role))
})
after(() => t.close())

function operations() {
  const ops: { operationId: string; method: string; path: string }[] = []
  for (const [path, byMethod] of Object.entries(t.app.openapi.paths)) {
    for (const [method, op] of Object.entries(byMethod as Record<string, { operationId: string }>)) {
      ops.push({ operationId: op.operationId, method: method.toUpperCase(), path })
    }
  }
  return ops
}

// Any well-formed id: authorization is decided before the record is looked up.
const concrete = (path: string) => path.replace(/\{[^}]+\}/g, '0190f0e2-0000-7000-8000-000000000000')
const withBody = (method: string) => ['POST', 'PUT', 'PATCH'].includes(method)

test('every operation of the contract has an authorization expectation', () => {
  const missing = operations().filter((o) => !(o.operationId in EXPECTED)).map((o) => o.operationId)
  assert.deepEqual(missing, [], `operations without an expectation: ${missing.join(', ')}`)
  const stale = Object.keys(EXPECTED).filter((id) => !operations().some((o) => o.operationId === id))
  assert.deepEqual(stale, [], `expectations for operations that do not exist: ${stale.join(', ')}`)
})

test('anonymous callers get 401 everywhere except on public operations', async () => {
  for (const op of operations()) {
    const res = await t.request(op.method, concrete(op.path), withBody(op.method) ? { body: {} } : {})
    if (EXPECTED[op.operationId] === 'public') assert.notEqual(res.status, 401, `${op.operationId} should be public`)
    else assert.equal(res.status, 401, `${op.operationId} without a token`)
  }
})

test('each role gets 403 exactly where the matrix denies it', async () => {
  const failures: string[] = []
  for (const op of operations()) {
    const expected = EXPECTED[op.operationId]
    if (expected === 'public') continue
    for (const role of ROLE_NAMES) {
      const res = await t.request(op.method, concrete(op.path), { token: tokens.get(role), ...(withBody(op.method) ? { body: {} } : {}) })
      const allowed = expected.includes(role)
      if (allowed && (res.status === 403 || res.status === 401)) failures.push(`${op.operationId} as ${role}: ${res.status}, expected access`)
      if (!allowed && res.status !== 403) failures.push(`${op.operationId} as ${role}: ${res.status}, expected 403`)
      if (res.status >= 500) failures.push(`${op.operationId} as ${role}: ${res.status}`)
    }
  }
  assert.deepEqual(failures, [])
})
