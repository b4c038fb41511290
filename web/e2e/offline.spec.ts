// The technician without signal (issue 19 §1): on a phone he opens his order, loses the
// network, works it to the end, sees his changes « en attente d’envoi », and once the network
// returns the service holds exactly one of each. A change refused meanwhile (the Dispatcher
// cancelled the order) is shown with the API's reason and the text he typed.
import type { APIRequestContext, Page } from '@playwright/test'
import { demoToken, expect, PHONE, signInAs, test } from './fixtures'
import { textPdf } from './pdf'

type Event = { kind: string; payload: { to?: string } }
type Detail = {
  id: string; reference: string; status: string; allowedTransitions: string[]; assignees: { id: string }[]
  checklist: { id: string; status: string }[]; comments: { body: string }[]; activity: Event[]
  report: { notes: string | null; symptom: unknown; cause: unknown; action: unknown }
}

function api(request: APIRequestContext, token: string) {
  const headers = { authorization: `Bearer ${token}` }
  return {
    async get<T>(path: string): Promise<T> {
      const res = await request.get(`/api${path}`, { headers })
      expect(res.status(), path).toBe(200)
      return (await res.json()) as T
    },
    async send<T>(method: 'post' | 'put', path: string, data: unknown): Promise<T> {
      const res = await request[method](`/api${path}`, { headers, data })
      expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true)
      return (await res.json()) as T
    },
  }
}

/**
 * An open preventive grid with tasks to do, given to Karim Benali: the oldest such grid (the
 * work-orders journey takes the newest), assigned to him by the Dispatcher when it is not yet.
 */
async function gridForTechnician(request: APIRequestContext): Promise<Detail> {
  const technician = api(request, await demoToken(request, 'Technicien'))
  const dispatcher = api(request, await demoToken(request, 'Dispatcher'))
  const me = await technician.get<{ id: string }>('/users/me')
  const { workOrders } = await dispatcher.get<{ workOrders: { id: string }[] }>('/work-orders?type=PREVENTIVE&status=OPEN&limit=200')
  for (const o of workOrders) {
    const d = await dispatcher.get<Detail>(`/work-orders/${o.id}`)
    if (!d.checklist.some((i) => i.status === 'TODO') || d.checklist.some((i) => i.status !== 'TODO')) continue
    if (d.assignees.some((a) => a.id === me.id)) return d
    return dispatcher.send<Detail>('put', `/work-orders/${d.id}/assignees`, { assigneeIds: [...d.assignees.map((a) => a.id), me.id] })
  }
  throw new Error('no open preventive grid with every task to do')
}

/** The page is served by the service worker from now on (the shell precached). */
async function installed(page: Page) {
  await page.evaluate(async () => { await navigator.serviceWorker.ready })
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 }).toBe(true)
}

const LOAD = { timeout: 30_000 }
const pending = (page: Page) => page.getByText('en attente d’envoi', { exact: true })

test.describe.configure({ timeout: 180_000 })
test.use({ viewport: PHONE })

test('offline, a technician works his order to the end; back online the service holds exactly one of each change', async ({ page, context, request }) => {
  const grid = await gridForTechnician(request)
  await signInAs(page, 'Technicien')
  await page.goto(`/ordres/${grid.id}`)
  await expect(page.getByRole('heading', { level: 1, name: grid.reference })).toBeVisible(LOAD)
  await expect(page.getByRole('combobox', { name: 'Constat', exact: true })).toBeVisible()
  await installed(page)

  await context.setOffline(true)
  await expect(page.getByText(/Hors connexion/)).toBeVisible()
  await page.getByRole('button', { name: 'Démarrer' }).click()
  await expect(page.getByText('En cours', { exact: true }).first()).toBeVisible()

  const tasks = page.getByRole('list', { name: 'Tâches de la liste de contrôle' })
  const todo = tasks.getByRole('button', { name: /À faire$/ })
  const count = await todo.count()
  for (let left = count; left > 0; left--) {
    await todo.first().click()
    await expect(todo).toHaveCount(left - 1)
  }
  for (const field of ['Constat', 'Cause', 'Action']) {
    await page.getByRole('combobox', { name: field, exact: true }).click()
    await page.getByRole('option').first().click()
  }
  await page.getByRole('textbox', { name: 'Notes' }).fill('Graissage des guides, essais de porte OK.')
  await page.getByRole('button', { name: 'Enregistrer le rapport' }).click()
  await page.getByRole('textbox', { name: 'Nouveau commentaire' }).fill('Visite faite sans réseau au sous-sol.')
  await page.getByRole('button', { name: 'Ajouter le commentaire' }).click()
  await expect(page.getByText('Visite faite sans réseau au sous-sol.')).toBeVisible()
  await expect(page.getByText('Avant de terminer, il reste à :')).toHaveCount(0)
  await page.getByRole('button', { name: 'Terminer' }).click()
  await expect(page.getByText('Terminé', { exact: true }).first()).toBeVisible()
  // Start, each task, the report, the comment, the closure: all on the phone.
  await expect(pending(page)).toHaveCount(count + 4)
  await page.screenshot({ path: 'test-results/offline-pending.png', fullPage: true })

  // The app opens with no network at all: the shell from the service worker, the order and
  // its waiting changes from IndexedDB.
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: grid.reference })).toBeVisible(LOAD)
  await expect(pending(page)).toHaveCount(count + 4)

  await context.setOffline(false)
  await expect(pending(page)).toHaveCount(0, { timeout: 60_000 })
  await expect(page.getByText('Terminé', { exact: true }).first()).toBeVisible()

  const after = await api(request, await demoToken(request, 'Technicien')).get<Detail>(`/work-orders/${grid.id}`)
  expect(after.status).toBe('DONE')
  expect(after.checklist.every((i) => i.status === 'DONE')).toBe(true)
  expect(after.comments.filter((c) => c.body === 'Visite faite sans réseau au sous-sol.')).toHaveLength(1)
  expect(after.report.notes).toBe('Graissage des guides, essais de porte OK.')
  const kinds = after.activity.map((e) => e.kind)
  expect(kinds.filter((k) => k === 'STATUS_CHANGED')).toHaveLength(2)
  expect(kinds.filter((k) => k === 'CHECKLIST_UPDATED')).toHaveLength(count)
  expect(kinds.filter((k) => k === 'COMMENTED')).toHaveLength(1)
  expect(kinds.filter((k) => k === 'REPORT_UPDATED')).toHaveLength(1)
})

test('a change refused meanwhile (the order was cancelled) is shown with its reason and the text typed', async ({ page, context, request }) => {
  const dispatcher = api(request, await demoToken(request, 'Dispatcher'))
  const me = await api(request, await demoToken(request, 'Technicien')).get<{ id: string }>('/users/me')
  const { options } = await dispatcher.get<{ options: { id: string }[] }>('/assets/options')
  const order = await dispatcher.send<Detail>('post', '/work-orders', {
    assetId: options[options.length - 1].id, description: 'Essai e2e hors connexion : bruit en gaine.', assigneeIds: [me.id],
  })
  await signInAs(page, 'Technicien')
  await page.goto(`/ordres/${order.id}`)
  await expect(page.getByRole('heading', { level: 1, name: order.reference })).toBeVisible(LOAD)
  await expect(page.getByRole('textbox', { name: 'Notes' })).toBeVisible()
  await installed(page)

  await context.setOffline(true)
  await page.getByRole('textbox', { name: 'Notes' }).fill('Galet de porte remplacé, bruit disparu.')
  await page.getByRole('button', { name: 'Enregistrer le rapport' }).click()
  await expect(pending(page)).toHaveCount(1)

  await dispatcher.send('post', `/work-orders/${order.id}/transition`, { to: 'CANCELLED', reason: 'Doublon d’un autre appel.' })
  await context.setOffline(false)
  const refused = page.getByRole('alert').filter({ hasText: 'Refusé : Rapport d’intervention' })
  await expect(refused).toBeVisible({ timeout: 60_000 })
  await expect(refused).toContainText('Cet ordre de travail est terminé ou annulé')
  await expect(refused).toContainText('Votre texte, gardé : « Galet de porte remplacé, bruit disparu. »')
  await expect(pending(page)).toHaveCount(0)
  // The order as it now is: cancelled, nothing left to do on it; the typed notes still in the form.
  await expect(page.getByText('Annulé', { exact: true }).first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Démarrer' })).toHaveCount(0)
  await page.screenshot({ path: 'test-results/offline-refused.png', fullPage: true })
  await refused.getByRole('button', { name: 'J’ai compris' }).click()
  await expect(refused).toHaveCount(0)

  const after = await dispatcher.get<Detail>(`/work-orders/${order.id}`)
  expect(after.status).toBe('CANCELLED')
  expect(after.report.notes).toBeNull()
})

type Part = { id: string; reference: string; designation: string; quantity: number }
type Costs = { parts: { partId?: string; quantity: number }[]; labor: { minutes: number }[] }
type Breakdown = Detail & { arrivedAt: string | null; releasedAt: string | null; leftAt: string | null; costs: Costs }
type Kept = { id: string; method: string; path: string; init: { params?: { path?: Record<string, string> }; body?: unknown } }

/** A part of its own for the journey (no other journey takes from it), `stock` units in at 12,50 €. */
async function freshPart(request: APIRequestContext, stock: number): Promise<Part> {
  const manager = api(request, await demoToken(request, 'Gestionnaire'))
  const part = await manager.send<Part>('post', '/parts', { designation: `Contact de porte e2e hors connexion ${Date.now()}` })
  await manager.send('post', `/parts/${part.id}/movements`, { kind: 'MANUAL', quantity: stock, unitPriceCents: 1250 })
  return { ...part, quantity: stock }
}

/** A breakdown with a person trapped, given to Karim Benali, on the last elevator. */
async function breakdownForTechnician(request: APIRequestContext, description: string): Promise<Breakdown> {
  const dispatcher = api(request, await demoToken(request, 'Dispatcher'))
  const me = await api(request, await demoToken(request, 'Technicien')).get<{ id: string }>('/users/me')
  const { options } = await dispatcher.get<{ options: { id: string }[] }>('/assets/options')
  return dispatcher.send<Breakdown>('post', '/work-orders', {
    assetId: options[options.length - 2].id, description, type: 'CORRECTIVE', personBlocked: true, assigneeIds: [me.id],
  })
}

/** The phone holds the parts list for the picker (app/kept-reads.ts), this part in it. */
async function partKept(page: Page, part: Part) {
  await expect.poll(() => page.evaluate(async (ref) => {
    const db = await new Promise<IDBDatabase>((ok, ko) => { const r = indexedDB.open('palier-offline'); r.onsuccess = () => ok(r.result); r.onerror = () => ko(r.error) })
    const all = await new Promise<unknown[]>((ok) => { const r = db.transaction('reads').objectStore('reads').getAll(); r.onsuccess = () => ok(r.result) })
    return all.some((k) => JSON.stringify(k).includes(ref))
  }, part.reference), LOAD).toBe(true)
}

/** The writes waiting on the phone, as the outbox keeps them (IndexedDB). */
function keptWrites(page: Page): Promise<Kept[]> {
  return page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((ok, ko) => { const r = indexedDB.open('palier-outbox'); r.onsuccess = () => ok(r.result); r.onerror = () => ko(r.error) })
    return new Promise<Kept[]>((ok) => { const r = db.transaction('writes').objectStore('writes').get('queue'); r.onsuccess = () => ok((r.result ?? []) as Kept[]) })
  })
}

async function consumeOffline(page: Page, part: Part, quantity: number) {
  const costs = page.getByRole('region', { name: 'Coûts' })
  await costs.getByRole('button', { name: 'Consommer une pièce' }).click()
  await costs.getByRole('combobox', { name: 'Pièce' }).fill(part.reference)
  await page.getByRole('option', { name: new RegExp(part.reference) }).click()
  await costs.getByLabel('Quantité').fill(String(quantity))
  await costs.getByRole('button', { name: 'Consommer', exact: true }).click()
}

/** A fresh part with `stock` in hand and a breakdown for the technician, open on his phone with
 * the app installed and the part kept for the offline picker. */
async function breakdownOpenWithPart(page: Page, request: APIRequestContext, stock: number, description: string) {
  const part = await freshPart(request, stock)
  const order = await breakdownForTechnician(request, description)
  await signInAs(page, 'Technicien')
  await page.goto(`/ordres/${order.id}`)
  await expect(page.getByRole('heading', { level: 1, name: order.reference })).toBeVisible(LOAD)
  await installed(page)
  await partKept(page, part)
  return { part, order }
}

test('offline, a breakdown’s three times, a part and a labour line; back online (and replayed) the service holds one of each', async ({ page, context, request }) => {
  const { part, order } = await breakdownOpenWithPart(page, request, 5, 'Essai e2e hors connexion : personne bloquée en cabine, sous-sol sans réseau.')

  await context.setOffline(true)
  await expect(page.getByText(/Hors connexion/)).toBeVisible()
  // The header says it on every page, before anything waits.
  await expect(page.getByRole('banner').getByText('Sans réseau')).toBeVisible()
  const times = page.getByRole('region', { name: 'Heures du dépannage' })
  for (const tap of ['Arrivé sur place', 'Personne libérée', 'Départ']) {
    await times.getByRole('button', { name: tap }).click()
    await expect(times.getByRole('button', { name: tap })).toHaveCount(0)
    await expect(times.getByText(tap, { exact: true })).toBeVisible()
  }
  await consumeOffline(page, part, 1)
  const costs = page.getByRole('region', { name: 'Coûts' })
  await costs.getByRole('button', { name: 'Saisir du temps' }).click()
  await costs.getByLabel('Heures').fill('0')
  await costs.getByLabel('Minutes').fill('45')
  await costs.getByRole('button', { name: 'Enregistrer le temps' }).click()
  await expect(pending(page)).toHaveCount(5)
  await expect(page.getByRole('banner').getByText('Sans réseau')).toHaveCount(0)
  await expect(page.getByText(`Pièce consommée : 1 × ${part.reference} ${part.designation}`)).toBeVisible()
  await expect(page.getByText('Temps passé : 45 min')).toBeVisible()
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: 'test-results/offline-breakdown-pending.png' })

  // On every page, the header says what waits, and lists it at a tap.
  await page.goto('/')
  const waiting = page.getByRole('button', { name: '5 modifications en attente d’envoi' })
  await expect(waiting).toBeVisible(LOAD)
  await page.screenshot({ path: 'test-results/offline-dashboard.png', fullPage: true })
  await waiting.click()
  const drawer = page.getByRole('dialog', { name: 'Modifications gardées sur le téléphone' })
  await expect(drawer.getByRole('link', { name: new RegExp(order.reference) })).toBeVisible()
  await expect(drawer.getByText('Personne libérée', { exact: true })).toBeVisible()
  await page.waitForTimeout(400) // the drawer's slide
  await page.screenshot({ path: 'test-results/offline-outbox-drawer.png' })
  await drawer.getByRole('link', { name: new RegExp(order.reference) }).click()
  await expect(page.getByRole('heading', { level: 1, name: order.reference })).toBeVisible(LOAD)
  const queued = await keptWrites(page)
  expect(queued).toHaveLength(5)

  await context.setOffline(false)
  await expect(pending(page)).toHaveCount(0, { timeout: 60_000 })
  await expect(page.getByRole('button', { name: /en attente d’envoi/ })).toHaveCount(0)
  await expect(costs.getByText(/45 min/)).toBeVisible()

  // The same writes sent again with their keys (an answer lost on the way back): the first answer, nothing doubled.
  const token = await demoToken(request, 'Technicien')
  for (const w of queued) {
    const path = w.path.replace(/\{(\w+)\}/g, (_m, k: string) => w.init.params?.path?.[k] ?? '')
    const res = await request.fetch(`/api${path}`, { method: w.method.toUpperCase(), headers: { authorization: `Bearer ${token}`, 'Idempotency-Key': w.id }, data: w.init.body })
    expect(res.ok(), `${w.method} ${path}: ${await res.text()}`).toBe(true)
  }
  const after = await api(request, token).get<Breakdown>(`/work-orders/${order.id}`)
  expect(after.arrivedAt).not.toBeNull()
  expect(after.releasedAt).not.toBeNull()
  expect(after.leftAt).not.toBeNull()
  expect(after.costs.parts).toHaveLength(1)
  expect(after.costs.parts[0].quantity).toBe(1)
  expect(after.costs.labor).toHaveLength(1)
  expect(after.costs.labor[0].minutes).toBe(45)
  expect(after.activity.filter((e) => e.kind === 'TIMES_RECORDED')).toHaveLength(3)
  const stock = await api(request, token).get<Part>(`/parts/${part.id}`)
  expect(stock.quantity).toBe(4)
})

test('a part consumed offline that no longer fits the stock is refused, with the API’s reason', async ({ page, context, request }) => {
  const { part, order } = await breakdownOpenWithPart(page, request, 2, 'Essai e2e hors connexion : stock pris entre-temps.')

  await context.setOffline(true)
  await consumeOffline(page, part, 2)
  await expect(pending(page)).toHaveCount(1)

  // Meanwhile the store counts one less.
  const manager = api(request, await demoToken(request, 'Gestionnaire'))
  await manager.send('post', `/parts/${part.id}/movements`, { kind: 'ADJUSTMENT', quantity: -1, reason: 'Inventaire e2e' })
  await context.setOffline(false)
  const refused = page.getByRole('alert').filter({ hasText: `Refusé : Pièce consommée : 2 × ${part.reference}` })
  await expect(refused).toBeVisible({ timeout: 60_000 })
  await expect(refused).toContainText('Stock insuffisant')
  // Also in the header, on every page, until it is read.
  const toSee = page.getByRole('button', { name: '1 refusée' })
  await expect(toSee).toBeVisible()
  await toSee.click()
  await expect(page.getByRole('dialog').getByText('Stock insuffisant', { exact: false })).toBeVisible()
  await page.waitForTimeout(400) // the drawer's slide
  await page.screenshot({ path: 'test-results/offline-stock-refused.png' })
  await page.getByRole('dialog').getByRole('button', { name: 'J’ai compris' }).click()
  await expect(page.getByRole('button', { name: '1 refusée' })).toHaveCount(0)
  await expect(refused).toHaveCount(0)

  const after = await api(request, await demoToken(request, 'Technicien')).get<Breakdown>(`/work-orders/${order.id}`)
  expect(after.costs.parts).toHaveLength(0)
  expect((await manager.get<Part>(`/parts/${part.id}`)).quantity).toBe(1)
})

test('a manual opened once stays on the phone: « Disponible hors connexion », and it opens without network', async ({ page, context, request }) => {
  const order = await breakdownForTechnician(request, 'Essai e2e hors connexion : notice à consulter en gaine.')
  const fileName = `notice-gaine-${Date.now()}.pdf`
  const dispatcher = await demoToken(request, 'Dispatcher')
  const up = await request.post('/api/documents', {
    headers: { authorization: `Bearer ${dispatcher}` },
    multipart: { kind: 'MANUAL', workOrderId: order.id, file: { name: fileName, mimeType: 'application/pdf', buffer: textPdf([['Notice de la porte palière', 'Réglage du galet : 2 mm.']]) } },
  })
  expect(up.status(), await up.text()).toBe(201)
  await signInAs(page, 'Technicien')
  await page.goto(`/ordres/${order.id}`)
  await expect(page.getByRole('heading', { level: 1, name: order.reference })).toBeVisible(LOAD)
  await installed(page)

  const row = page.getByRole('listitem').filter({ hasText: fileName })
  await expect(row).toBeVisible()
  await expect(row.getByText('Disponible hors connexion')).toHaveCount(0)
  const online = page.waitForEvent('download')
  await row.getByRole('button', { name: `Télécharger ${fileName}` }).click()
  await online
  await expect(row.getByText('Disponible hors connexion')).toBeVisible()

  await context.setOffline(true)
  await page.reload()
  await expect(page.getByRole('heading', { level: 1, name: order.reference })).toBeVisible(LOAD)
  await expect(row.getByText('Disponible hors connexion')).toBeVisible()
  await row.screenshot({ path: 'test-results/offline-manual-kept.png' })
  const offline = page.waitForEvent('download')
  await row.getByRole('button', { name: `Télécharger ${fileName}` }).click()
  const file = await offline
  expect(file.suggestedFilename()).toBe(fileName)
  await expect(page.getByText('Téléchargement impossible')).toHaveCount(0)
})
