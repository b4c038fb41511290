// Triage that opens on live work (issue 19 §2): the work orders in the day's order, the
// requests waiting for a decision newest first, and the saved views of the menu.
import type { APIRequestContext, Page } from '@playwright/test'
import { demoToken, expect, expectAccessible, PHONE, signInAs, test } from './fixtures'

const LOAD = { timeout: 15_000 }

async function apiGet<T>(request: APIRequestContext, token: string, path: string): Promise<T> {
  const res = await request.get(`/api${path}`, { headers: { authorization: `Bearer ${token}` } })
  expect(res.ok(), `${path}: ${await res.text()}`).toBe(true)
  return res.json() as Promise<T>
}

const tableRefs = (page: Page, pattern: RegExp) => page.getByRole('table').getByRole('link', { name: pattern }).allTextContents()

test('the work orders open on live work, trapped persons first, then the late ones, then by due date', async ({ page }) => {
  const token = await signInAs(page, 'Dispatcher')
  await page.goto('/ordres')
  await expect(page.getByText('Personnes bloquées d’abord, puis les retards, puis par date prévue.')).toBeVisible(LOAD)
  await expect(page.getByRole('combobox', { name: 'Ordre' })).toHaveValue('Échéance : retards d’abord')
  const api = await apiGet<{ workOrders: { reference: string; personBlocked: boolean; dueAt: string | null }[] }>(page.request, token,
    '/work-orders?status=OPEN&status=IN_PROGRESS&status=ON_HOLD&sort=due&limit=20')
  await expect(page.getByRole('table').getByRole('link', { name: /^OT-\d+$/ }).first()).toBeVisible(LOAD)
  expect((await tableRefs(page, /^OT-\d+$/)).slice(0, 20)).toEqual(api.workOrders.map((o) => o.reference))
  // Late orders lead the untrapped ones: every late one comes before every one not late.
  const now = Date.now()
  const late = api.workOrders.filter((o) => !o.personBlocked).map((o) => o.dueAt !== null && Date.parse(o.dueAt) < now)
  expect(late.indexOf(false) === -1 || !late.slice(late.indexOf(false)).includes(true)).toBe(true)
  await expect(page).toHaveURL(/\/ordres$/)
  await page.screenshot({ path: 'test-results/triage-orders-desk.png' })

  // The other order, picked: the API's default (priority, then age), kept in the address.
  await page.getByRole('combobox', { name: 'Ordre' }).click()
  await page.getByRole('option', { name: 'Priorité, puis ancienneté' }).click()
  await expect(page).toHaveURL(/\/ordres\?sort=priority$/)
  const byPriority = await apiGet<{ workOrders: { reference: string }[] }>(page.request, token, '/work-orders?status=OPEN&status=IN_PROGRESS&status=ON_HOLD&limit=10')
  await expect.poll(async () => (await tableRefs(page, /^OT-\d+$/)).slice(0, 10)).toEqual(byPriority.workOrders.map((o) => o.reference))
  await expectAccessible(page)

  await page.setViewportSize(PHONE)
  await page.goto('/ordres')
  await page.getByRole('button', { name: 'Filtres' }).click()
  await expect(page.getByRole('group', { name: 'État' })).toBeVisible()
  await page.screenshot({ path: 'test-results/triage-orders-phone.png', fullPage: true })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
})

test('a dispatcher’s requests open on those waiting for a decision, trapped first then newest; a Demandeur’s new request comes first', async ({ page, browser }) => {
  const token = await signInAs(page, 'Dispatcher')
  await page.goto('/demandes')
  await expect(page.getByRole('combobox', { name: 'État' })).toHaveValue('En attente', LOAD)
  await expect(page.getByRole('combobox', { name: 'Ordre' })).toHaveValue('Plus récentes d’abord')
  const api = await apiGet<{ requests: { reference: string }[] }>(page.request, token, '/requests?status=PENDING&sort=newest&limit=10')
  await expect(page.getByRole('table', { name: 'Demandes' }).getByText(api.requests[0]!.reference)).toBeVisible(LOAD)
  const refs = await page.getByRole('table', { name: 'Demandes' }).locator('tbody tr').allTextContents()
  expect(refs.slice(0, api.requests.length).map((t) => api.requests.find((r) => t.includes(r.reference))?.reference)).toEqual(api.requests.map((r) => r.reference))
  await page.screenshot({ path: 'test-results/triage-requests-desk.png' })

  // The Demandeur: her new request above her older ones (after any trapped person).
  const context = await browser.newContext()
  const her = await context.newPage()
  const herToken = await signInAs(her, 'Demandeur')
  const options = await apiGet<{ options: { id: string; reference: string }[] }>(her.request, herToken, '/assets/options')
  const description = `La porte palière du 2e grince (${Date.now()})`
  const created = await her.request.post('/api/requests', { headers: { authorization: `Bearer ${herToken}` }, data: { assetId: options.options[0]!.id, description } })
  expect(created.status()).toBe(201)
  const mine = await apiGet<{ requests: { description: string; personBlocked: boolean }[] }>(her.request, herToken, '/requests?sort=newest&limit=50')
  const at = mine.requests.findIndex((r) => r.description === description)
  expect(mine.requests.slice(0, at).every((r) => r.personBlocked)).toBe(true)
  await her.goto('/demandes')
  await expect(her.getByRole('table', { name: 'Demandes' }).locator('tbody tr').nth(at)).toContainText(description, LOAD)
  await her.setViewportSize(PHONE)
  await her.screenshot({ path: 'test-results/triage-requests-phone.png', fullPage: true })
  await context.close()
})

test('a saved view: kept under a name, found in the menu, renamed, removed', async ({ page }) => {
  await signInAs(page, 'Dispatcher')
  await page.goto('/ordres?late=true&sort=priority')
  await page.getByRole('button', { name: 'Enregistrer la vue' }).click(LOAD)
  const dialog = page.getByRole('dialog', { name: 'Enregistrer la vue' })
  await dialog.getByLabel('Nom de la vue').fill('   ')
  await dialog.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(dialog.getByText('Donnez un nom à cette vue.')).toBeVisible()
  await dialog.getByLabel('Nom de la vue').fill('Retards du jour')
  await dialog.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(dialog).toBeHidden()
  const views = page.getByRole('navigation', { name: 'Mes vues' })
  await expect(views.getByRole('link', { name: 'Retards du jour' })).toBeVisible()

  await page.goto('/demandes?source=PORTAL')
  await page.getByRole('button', { name: 'Enregistrer la vue' }).click(LOAD)
  await page.getByRole('dialog').getByLabel('Nom de la vue').fill('Portail')
  await page.getByRole('dialog').getByRole('button', { name: 'Enregistrer' }).click()
  await expect(views.getByRole('link')).toHaveText(['Retards du jour', 'Portail'])

  await page.goto('/')
  await views.getByRole('link', { name: 'Retards du jour' }).click()
  await expect(page).toHaveURL(/\/ordres\?late=true&sort=priority$/)
  await expect(page.getByRole('switch', { name: 'En retard' })).toBeChecked()
  await expect(page.getByRole('combobox', { name: 'Ordre' })).toHaveValue('Priorité, puis ancienneté')
  await page.screenshot({ path: 'test-results/triage-views-desk.png' })

  await page.getByRole('button', { name: 'Gérer la vue Retards du jour' }).click()
  await page.getByRole('menuitem', { name: 'Renommer' }).click()
  const rename = page.getByRole('dialog', { name: 'Renommer la vue' })
  await rename.getByLabel('Nom de la vue').fill('En retard (priorité)')
  await rename.getByRole('button', { name: 'Renommer' }).click()
  await page.reload()
  await expect(views.getByRole('link')).toHaveText(['En retard (priorité)', 'Portail'], LOAD)
  await expectAccessible(page)

  await page.setViewportSize(PHONE)
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click()
  await expect(views.getByRole('link', { name: 'Portail' })).toBeVisible()
  await page.screenshot({ path: 'test-results/triage-views-phone.png' })
  await page.setViewportSize({ width: 1280, height: 800 })

  await page.getByRole('button', { name: 'Gérer la vue Portail' }).click()
  await page.getByRole('menuitem', { name: 'Supprimer' }).click()
  await expect(views.getByRole('link')).toHaveText(['En retard (priorité)'])
  // Another person of this browser does not see them.
  const other = await demoToken(page.request, 'Gestionnaire')
  await page.evaluate((t) => localStorage.setItem('palier.session', t), other)
  await page.goto('/')
  await expect(page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link').first()).toBeVisible(LOAD)
  await expect(views).toHaveCount(0)
})
