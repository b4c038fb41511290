// The technician without signal (issue 19 §1): on a phone he opens his order, loses the
// network, works it to the end, sees his changes « en attente d’envoi », and once the network
// returns the service holds exactly one of each. A change refused meanwhile (the Dispatcher
// cancelled the order) is shown with the API's reason and the text he typed.
import type { APIRequestContext, Page } from '@playwright/test'
import { demoToken, expect, PHONE, signInAs, test } from './fixtures'

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
