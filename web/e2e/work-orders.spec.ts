// Ordres de travail: a technician works an order on a phone; what each read-limited role sees;
// cancelling asks a reason; the list's filters live in the address; creating from the list.
// The service is shared with the other journeys: these tests create the orders they change,
// or take a preventive grid assigned to the technician that no other journey works.
import type { APIRequestContext, Page } from '@playwright/test'
import { demoToken, expect, expectAccessible, PHONE, signInAs, test } from './fixtures'

type WorkOrder = { id: string; reference: string; status: string; type: string; assignees: { id: string }[] }
type Detail = WorkOrder & { checklist: { status: string }[]; cancelReason: string | null; allowedTransitions: string[] }

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

/** Every order the caller lists, following the Link header page after page. */
async function listAll(request: APIRequestContext, token: string, query = ''): Promise<WorkOrder[]> {
  const orders: WorkOrder[] = []
  let url: string | null = `/api/work-orders?limit=200${query}`
  while (url) {
    const res = await request.get(url, { headers: { authorization: `Bearer ${token}` } })
    expect(res.status()).toBe(200)
    orders.push(...((await res.json()) as { workOrders: WorkOrder[] }).workOrders)
    const next = /<([^>]+)>;\s*rel="next"/.exec(res.headers().link ?? '')
    url = next ? next[1].replace(/^https?:\/\/[^/]+/, '') : null
  }
  return orders
}

/** A new corrective order made by the Dispatcher through the API (the order a test then changes). */
async function createOrder(request: APIRequestContext, body: Record<string, unknown> = {}): Promise<Detail> {
  const dispatcher = api(request, await demoToken(request, 'Dispatcher'))
  const { options } = await dispatcher.get<{ options: { id: string }[] }>('/assets/options')
  return dispatcher.send<Detail>('post', '/work-orders', { assetId: options[options.length - 1].id, description: 'Essai e2e : porte palière bruyante au 3e.', ...body })
}

/**
 * An open preventive grid with tasks still to do, assigned to Karim Benali: his own if he has
 * one (the newest: other journeys reach for the top of lists), else one the Dispatcher gives him.
 */
async function gridForTechnician(request: APIRequestContext): Promise<Detail> {
  const technicianToken = await demoToken(request, 'Technicien')
  const technician = api(request, technicianToken)
  const me = await technician.get<{ id: string }>('/users/me')
  const withTasks = async (orders: WorkOrder[]) => {
    for (const o of [...orders].reverse()) {
      const d = await technician.get<Detail>(`/work-orders/${o.id}`)
      if (d.checklist.some((i) => i.status === 'TODO') && d.allowedTransitions.includes('IN_PROGRESS')) return d
    }
    return null
  }
  const own = await withTasks(await listAll(request, technicianToken, `&type=PREVENTIVE&status=OPEN&assigneeId=${me.id}`))
  if (own) return own
  const grid = await withTasks(await listAll(request, technicianToken, '&type=PREVENTIVE&status=OPEN'))
  expect(grid, 'an open preventive grid with a checklist').not.toBeNull()
  const dispatcher = api(request, await demoToken(request, 'Dispatcher'))
  return dispatcher.send<Detail>('put', `/work-orders/${grid!.id}/assignees`, { assigneeIds: [...grid!.assignees.map((a) => a.id), me.id] })
}

// Long journeys, several accessibility passes, on a machine shared with other runs.
test.describe.configure({ timeout: 120_000 })

/** A page's first render waits for the session, the rights and the data: slow on a busy machine. */
const LOAD = { timeout: 30_000 }

const ACTIONS = /^(Démarrer|Reprendre|Terminer|Mettre en attente|Annuler l’ordre|Enregistrer le rapport|Ajouter le commentaire|Modifier les intervenants|Nouvel ordre)$/

async function pickFirstOption(page: Page, label: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click()
  await page.getByRole('option').first().click()
}

test.describe('on a phone', () => {
  test.use({ viewport: PHONE })

  test('a technician opens his order, starts it, ticks the checklist, fills the report and closes it', async ({ page, request }) => {
    const grid = await gridForTechnician(request)
    await signInAs(page, 'Technicien')
    await page.goto(`/ordres?mine=true&status=OPEN&q=${grid.reference}`)
    await page.getByRole('link', { name: new RegExp(grid.reference) }).click(LOAD)
    await expect(page.getByRole('heading', { level: 1, name: grid.reference })).toBeVisible(LOAD)

    // What prevents closing is said before anyone tries; Terminer waits for it.
    await expect(page.getByText(/empêchen?t de terminer l’ordre :/)).toBeVisible()
    await expect(page.getByText(/tâches? de la liste de contrôle restent? à faire/)).toBeVisible()
    await expect(page.getByRole('button', { name: 'Terminer' })).toBeDisabled()
    await expectAccessible(page)

    await page.getByRole('button', { name: 'Démarrer' }).click()
    await expect(page.getByText('En cours', { exact: true }).first()).toBeVisible()
    await expect(page.getByRole('button', { name: 'Démarrer' })).toHaveCount(0)

    // One tap per task: à faire → Fait.
    const tasks = page.getByRole('list', { name: 'Tâches de la liste de contrôle' })
    const todo = tasks.getByRole('button', { name: /À faire$/ })
    const count = await todo.count()
    expect(count).toBeGreaterThan(0)
    for (let left = count; left > 0; left--) {
      await todo.first().click()
      await expect(todo).toHaveCount(left - 1)
    }
    // A second tap on a done task makes it not applicable, a third brings it back to do, then done again.
    const first = tasks.getByRole('button').first()
    await first.click()
    await expect(first).toHaveAccessibleName(/Sans objet$/)
    await first.click()
    await expect(first).toHaveAccessibleName(/À faire$/)
    await first.click()
    await expect(first).toHaveAccessibleName(/Fait$/)
    await expect(page.getByText(/tâches? de la liste de contrôle restent? à faire/)).toHaveCount(0)

    for (const field of ['Constat', 'Organe', 'Cause', 'Action', 'Résultat', 'Circonstance']) await pickFirstOption(page, field)
    await page.getByRole('button', { name: 'Enregistrer le rapport' }).click()
    await expect(page.getByText('Modifié par Karim Benali')).toBeVisible()
    await expect(page.getByText(/empêchen?t de terminer l’ordre :/)).toHaveCount(0)

    await page.getByRole('button', { name: 'Terminer' }).click()
    await expect(page.getByText('Terminé', { exact: true }).first()).toBeVisible()
    // Closed: read-only, no move left, the checklist no longer tappable.
    await expect(page.getByRole('button', { name: ACTIONS }).filter({ hasNotText: 'Ajouter le commentaire' })).toHaveCount(0)
    await expect(tasks.getByRole('button')).toHaveCount(0)
    await expect(page.getByText('En cours → Terminé')).toBeVisible()

    const after = await api(request, await demoToken(request, 'Technicien')).get<Detail>(`/work-orders/${grid.id}`)
    expect(after.status).toBe('DONE')
    expect(after.checklist.every((i) => i.status === 'DONE')).toBe(true)
  })
})

test('Technicien limité sees exactly the orders the API gives him, and no other', async ({ page, request }) => {
  const token = await demoToken(request, 'Technicien limité')
  const mine = await listAll(request, token)
  expect(mine.length).toBeGreaterThan(0)
  const others = (await listAll(request, await demoToken(request, 'Dispatcher'), '&status=DONE')).filter((o) => !mine.some((m) => m.id === o.id))

  await signInAs(page, 'Technicien limité')
  await page.goto('/ordres?status=all')
  await expect(page.getByRole('heading', { name: 'Ordres de travail' })).toBeVisible(LOAD)
  await expect(page.getByRole('button', { name: 'Nouvel ordre' })).toHaveCount(0)
  const more = page.getByRole('button', { name: 'Charger plus' })
  await expect(page.getByText(/ordres? affichés?/)).toBeVisible(LOAD)
  // After a click, wait for the page's rows themselves: the button stays on screen while the
  // next page loads, and is gone once the last one is in (a click then would wait for nothing).
  const listed = page.getByRole('table').getByRole('link', { name: /^OT-\d+$/ })
  while (await more.isVisible()) {
    const before = await listed.count()
    await more.click()
    await expect.poll(() => listed.count(), LOAD).toBeGreaterThan(before)
  }
  const shown = await page.getByRole('table').getByRole('link', { name: /^OT-\d+$/ }).allTextContents()
  expect(shown.sort()).toEqual(mine.map((o) => o.reference).sort())

  // Someone else's order answers like a missing one.
  await page.goto(`/ordres/${others[0].id}`)
  await expect(page.getByText('Ordre introuvable')).toBeVisible(LOAD)
})

test('Vue seule sees the list and an order with no action offered', async ({ page, request }) => {
  const token = await demoToken(request, 'Vue seule')
  const [working] = await listAll(request, token, '&status=IN_PROGRESS')
  await signInAs(page, 'Vue seule')
  await page.goto('/ordres')
  await expect(page.getByRole('table').getByRole('link', { name: /^OT-\d+$/ }).first()).toBeVisible(LOAD)
  await expect(page.getByRole('button', { name: 'Nouvel ordre' })).toHaveCount(0)

  await page.goto(`/ordres/${working.id}`)
  await expect(page.getByRole('heading', { level: 1, name: working.reference })).toBeVisible(LOAD)
  await expect(page.getByRole('heading', { name: 'Rapport d’intervention' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Historique' })).toBeVisible()
  await expect(page.getByRole('button', { name: ACTIONS })).toHaveCount(0)
  await expect(page.getByText(/empêchen?t de terminer l’ordre :/)).toHaveCount(0)
  // Only the history's "show all" may be an enabled button on the page's main part: nothing
  // that acts; the documents' button stays, disabled, saying why.
  await expect(page.getByRole('button', { name: 'Ajouter un document' })).toBeDisabled()
  await expect(page.getByRole('button', { name: 'Ajouter un document' })).toHaveAccessibleDescription(/droit de modifier cet ordre de travail/)
  const buttons = await page.getByRole('main').getByRole('button', { disabled: false }).allTextContents()
  expect(buttons.filter((b) => !/historique|derniers/.test(b))).toEqual([])
  await expect(page.getByRole('textbox', { name: 'Nouveau commentaire' })).toHaveCount(0)
})

test('cancelling an order asks for a reason, then shows it', async ({ page, request }) => {
  const order = await createOrder(request)
  await signInAs(page, 'Dispatcher')
  await page.goto(`/ordres/${order.id}`)
  await page.getByRole('button', { name: 'Annuler l’ordre' }).click(LOAD)
  const dialog = page.getByRole('dialog', { name: 'Annuler l’ordre' })
  await dialog.getByRole('button', { name: 'Confirmer l’annulation' }).click()
  await expect(dialog.getByText('Indiquez pourquoi l’ordre est annulé.')).toBeVisible()
  await dialog.getByLabel('Motif de l’annulation').fill('   ')
  await dialog.getByRole('button', { name: 'Confirmer l’annulation' }).click()
  await expect(dialog.getByText('Indiquez pourquoi l’ordre est annulé.')).toBeVisible()
  const dispatcher = api(request, await demoToken(request, 'Dispatcher'))
  expect((await dispatcher.get<Detail>(`/work-orders/${order.id}`)).status).toBe('OPEN')

  await dialog.getByLabel('Motif de l’annulation').fill('Doublon de l’appel du gardien.')
  await dialog.getByRole('button', { name: 'Confirmer l’annulation' }).click()
  await expect(dialog).toHaveCount(0)
  await expect(page.getByText('Annulé', { exact: true }).first()).toBeVisible()
  await expect(page.getByText('Motif : Doublon de l’appel du gardien.')).toBeVisible()
  await expect(page.getByRole('button', { name: ACTIONS }).filter({ hasNotText: 'Ajouter le commentaire' })).toHaveCount(0)
  const cancelled = await dispatcher.get<Detail>(`/work-orders/${order.id}`)
  expect([cancelled.status, cancelled.cancelReason]).toEqual(['CANCELLED', 'Doublon de l’appel du gardien.'])
})

test('the filters are kept in the address, and a filtered address is a link', async ({ page }) => {
  await signInAs(page, 'Dispatcher')
  await page.goto('/ordres?status=CANCELLED')
  // The chosen states, as the État filter's chips (each a checkbox).
  const states = page.getByRole('group', { name: 'État' }).getByRole('checkbox')
  await expect(page.getByRole('checkbox', { name: 'Annulé' })).toBeChecked(LOAD)
  const rows = page.getByRole('table').getByRole('row')
  await expect(rows.nth(1)).toBeVisible()
  await expect(page.getByRole('table').getByText('Ouvert', { exact: true })).toHaveCount(0)

  await pickOption(page, 'Type', 'Dépannage')
  await expect(page).toHaveURL(/\/ordres\?status=CANCELLED&type=CORRECTIVE$/)
  await page.getByRole('button', { name: 'Effacer les filtres' }).click()
  await expect(page).toHaveURL(/\/ordres$/)

  // The list opens on live work: the three states not finished, nothing finished shown; the
  // État filter takes several states, « En retard » narrows to the late ones.
  await expect(states).toHaveCount(5)
  for (const name of ['Ouvert', 'En cours', 'En attente']) await expect(page.getByRole('checkbox', { name })).toBeChecked()
  for (const name of ['Terminé', 'Annulé']) await expect(page.getByRole('checkbox', { name })).not.toBeChecked()
  await expect(page.getByRole('table').getByText(/^(Terminé|Annulé)$/)).toHaveCount(0)
  await page.getByRole('group', { name: 'État' }).getByText('Terminé', { exact: true }).click()
  await expect(page).toHaveURL(/\/ordres\?status=OPEN&status=IN_PROGRESS&status=ON_HOLD&status=DONE$/)
  // The switch follows the address, which the router updates in a transition: click, then wait.
  await page.getByRole('switch', { name: 'En retard' }).click()
  await expect(page.getByRole('switch', { name: 'En retard' })).toBeChecked()
  await expect(page).toHaveURL(/&late=true$/)
  await expect(page.getByRole('table').getByText(/^(Terminé|Annulé)$/)).toHaveCount(0)
  // The chips on one line on a desk (they once stacked in a narrow column).
  const boxes = await Promise.all((await states.all()).map((c) => c.locator('xpath=..').boundingBox()))
  expect(new Set(boxes.map((b) => Math.round(b!.y))).size).toBe(1)
  await page.screenshot({ path: 'test-results/work-orders-live.png' })
})

async function pickOption(page: Page, label: string, option: string) {
  await page.getByRole('combobox', { name: label, exact: true }).click()
  await page.getByRole('option', { name: option, exact: true }).click()
}

test('a dispatcher creates an order for a trapped person from the list and lands on it', async ({ page }) => {
  await signInAs(page, 'Dispatcher')
  await page.goto('/ordres')
  await page.getByRole('button', { name: 'Nouvel ordre' }).click(LOAD)
  const dialog = page.getByRole('dialog', { name: 'Nouvel ordre de travail' })
  await dialog.getByRole('button', { name: 'Créer l’ordre' }).click()
  await expect(dialog.getByText('Choisissez l’équipement.')).toBeVisible()
  await expect(dialog.getByText('Décrivez la panne ou le travail à faire.')).toBeVisible()

  await dialog.getByRole('combobox', { name: 'Équipement', exact: true }).fill('LYO-CF')
  await page.getByRole('option').first().click()
  await dialog.getByLabel('Description').fill('Essai e2e : personne bloquée au 4e, le gardien est sur place.')
  await dialog.getByRole('switch', { name: /Personne bloquée dans la cabine/ }).check()
  await dialog.getByRole('combobox', { name: 'Intervenants' }).click()
  await page.getByRole('option', { name: /^Karim Benali/ }).click()
  await dialog.getByRole('button', { name: 'Créer l’ordre' }).click()

  await expect(page.getByRole('heading', { level: 1, name: /^OT-\d+$/ })).toBeVisible(LOAD)
  await expect(page.getByText('Personne bloquée', { exact: true }).first()).toBeVisible()
  await expect(page.getByText('Urgente', { exact: true }).first()).toBeVisible()
  await expect(page.getByRole('region', { name: 'Intervenants' }).getByText('Karim Benali')).toBeVisible()
  await expectAccessible(page)
})

test('the list and an order pass the accessibility check', async ({ page, request }) => {
  const order = await createOrder(request, { personBlocked: true })
  await signInAs(page, 'Dispatcher')
  await page.goto('/ordres')
  await expect(page.getByRole('table').getByRole('link', { name: /^OT-\d+$/ }).first()).toBeVisible(LOAD)
  await expectAccessible(page)
  await page.goto(`/ordres/${order.id}`)
  await expect(page.getByRole('heading', { level: 1, name: order.reference })).toBeVisible(LOAD)
  await expectAccessible(page)
  await page.getByRole('button', { name: 'Annuler l’ordre' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
  await expectAccessible(page)
})

test('a dispatcher clears a departure tapped by mistake, then may enter it again; the log says it was cleared', async ({ page, request }) => {
  const dispatcher = api(request, await demoToken(request, 'Dispatcher'))
  const technician = api(request, await demoToken(request, 'Technicien'))
  const me = await technician.get<{ id: string }>('/users/me')
  const { options } = await dispatcher.get<{ options: { id: string }[] }>('/assets/options')
  const order = await dispatcher.send<WorkOrder>('post', '/work-orders', {
    assetId: options[0].id, description: 'Essai e2e : départ tapé par erreur sur le mauvais ordre.', assigneeIds: [me.id],
  })
  try {
    const now = Date.now()
    await technician.send('put', `/work-orders/${order.id}/report`, { times: { arrivedAt: new Date(now).toISOString() } })
    await technician.send('put', `/work-orders/${order.id}/report`, { times: { leftAt: new Date(now + 60_000).toISOString() } })
    await signInAs(page, 'Dispatcher')
    await page.goto(`/ordres/${order.id}`)
    await page.getByRole('button', { name: 'Corriger : Départ' }).click()
    const dialog = page.getByRole('dialog', { name: 'Corriger : Départ' })
    await expectAccessible(page)
    await dialog.getByRole('button', { name: 'Effacer cette heure (saisie par erreur)' }).click()
    await expect(dialog).toBeHidden()
    // Still open, the technician may tap it again; the office may enter it too.
    await expect(page.getByRole('button', { name: 'Départ', exact: true })).toBeVisible()
    await expect(page.getByText('Départ : ', { exact: false }).filter({ hasText: 'effacée' })).toBeVisible()
  } finally {
    await dispatcher.send('post', `/work-orders/${order.id}/transition`, { to: 'CANCELLED', reason: 'Essai e2e terminé.' })
  }
})
