// The global search box (Ctrl+K) on every signed-in page: debounced calls to globalSearch,
// results grouped by family, keyboard navigation, and only what the person may see.
import type { APIRequestContext, Page } from '@playwright/test'
import { demoToken, expect, expectAccessible, PHONE, signInAs, test } from './fixtures'

const LOAD = { timeout: 30_000 }

async function openWithShortcut(page: Page) {
  await page.keyboard.press('Control+K')
  const dialog = page.getByRole('dialog', { name: 'Recherche dans Palier' })
  await expect(dialog).toBeVisible(LOAD)
  return dialog
}

const searchBox = (page: Page) => page.getByRole('combobox', { name: /Rechercher un ordre de travail/ })

/** Work order references the role's listing shows (first page). */
async function orderReferences(request: APIRequestContext, token: string): Promise<string[]> {
  const res = await request.get('/api/work-orders?limit=200', { headers: { authorization: `Bearer ${token}` } })
  expect(res.status()).toBe(200)
  return ((await res.json()) as { workOrders: { reference: string }[] }).workOrders.map((w) => w.reference)
}

test('Ctrl+K opens the box; part of an elevator reference finds it and Enter opens its page', async ({ page }) => {
  await signInAs(page, 'Dispatcher')
  await page.goto('/ordres')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(LOAD)
  const dialog = await openWithShortcut(page)
  await expect(searchBox(page)).toBeFocused()
  await expect(dialog).toContainText('Tapez une référence d’OT')

  await searchBox(page).fill('lyo-pd-a')
  const list = page.getByRole('listbox', { name: 'Résultats de la recherche' })
  const group = list.getByRole('group', { name: 'Ascenseurs' })
  await expect(group.getByRole('option', { name: /LYO-PD-A1/ })).toBeVisible(LOAD)
  await expect(group.getByRole('option', { name: /LYO-PD-A1/ })).toContainText('Résidence Part-Dieu')
  // The first result is selected; the arrows move the selection and the input follows it.
  const options = list.getByRole('option')
  await expect(options.first()).toHaveAttribute('aria-selected', 'true')
  await page.keyboard.press('ArrowDown')
  await expect(options.nth(1)).toHaveAttribute('aria-selected', 'true')
  await expect(searchBox(page)).toHaveAttribute('aria-activedescendant', (await options.nth(1).getAttribute('id'))!)
  await page.keyboard.press('ArrowUp')
  await expect(options.first()).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByRole('status').filter({ hasText: /résultat/ })).toHaveText(/2 résultats/)
  await expectAccessible(page)

  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/equipements\/[0-9a-f-]{36}$/)
  await expect(page.getByRole('heading', { level: 1 })).toContainText('LYO-PD-A1', LOAD)
  await expect(dialog).toBeHidden()
})

test('words without accents find accented names; a site leads to its elevators; Escape closes', async ({ page }) => {
  await signInAs(page, 'Dispatcher')
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible(LOAD)
  // The header button opens the box as well.
  await page.getByRole('button', { name: 'Rechercher…' }).click()
  await expect(searchBox(page)).toBeFocused()
  await searchBox(page).fill('quartier creation')
  const site = page.getByRole('group', { name: 'Sites' }).getByRole('option', { name: /Quartier de la Création/ })
  await expect(site).toBeVisible(LOAD)
  await expect(site).toContainText('Nantes')

  await searchBox(page).fill('zzqxw introuvable')
  await expect(page.getByRole('dialog')).toContainText('Aucun résultat pour « zzqxw introuvable ».', LOAD)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toBeHidden()

  await openWithShortcut(page)
  await expect(searchBox(page)).toHaveValue('')
  await searchBox(page).fill('residence vaugirard')
  await page.getByRole('option', { name: /Résidence Vaugirard/ }).click()
  await expect(page).toHaveURL(/\/equipements\?site=[0-9a-f-]{36}$/)
})

test('an OT reference finds the order, also typed without its zeros, and opens it', async ({ page }) => {
  const token = await signInAs(page, 'Dispatcher')
  const reference = (await orderReferences(page.request, token))[0]!
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible(LOAD)
  await openWithShortcut(page)
  // « OT-000123 » typed as « OT-123 »; Enter pressed at once waits for the results.
  await searchBox(page).fill(reference.replace(/-0+/, '-'))
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/ordres\/[0-9a-f-]{36}$/, LOAD)
  await expect(page.getByRole('heading', { level: 1, name: reference })).toBeVisible(LOAD)
})

test('a Technicien limité finds his own orders and never another technician’s', async ({ page }) => {
  const own = await orderReferences(page.request, await demoToken(page.request, 'Technicien limité'))
  const all = await orderReferences(page.request, await demoToken(page.request, 'Dispatcher'))
  const others = all.find((r) => !own.includes(r))!
  expect(own.length).toBeGreaterThan(0)
  expect(others).toBeTruthy()

  await signInAs(page, 'Technicien limité')
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible(LOAD)
  await openWithShortcut(page)
  await searchBox(page).fill(own[0]!)
  await expect(page.getByRole('group', { name: 'Ordres de travail' }).getByRole('option', { name: new RegExp(own[0]!) })).toBeVisible(LOAD)

  await searchBox(page).fill(others)
  await expect(page.getByRole('dialog')).toContainText(`Aucun résultat pour « ${others} ».`, LOAD)
  await expect(page.getByRole('group', { name: 'Ordres de travail' })).toHaveCount(0)
})

test('a failed search says so, and the box is not on the public portal', async ({ page }) => {
  await signInAs(page, 'Dispatcher')
  await page.route('**/api/search?**', (route) => route.fulfill({
    status: 400, contentType: 'application/json',
    body: JSON.stringify({ error: { code: 'VALIDATION', message: 'Le texte recherché est invalide.' }, requestId: 'e2e' }),
  }))
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible(LOAD)
  await openWithShortcut(page)
  await searchBox(page).fill('porte')
  await expect(page.getByRole('dialog')).toContainText('La recherche a échoué. Le texte recherché est invalide.', LOAD)

  await page.goto('/p/LYO-PD-A1')
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible(LOAD)
  await page.keyboard.press('Control+K')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByRole('button', { name: /Rechercher/ })).toHaveCount(0)
})

test('on a phone the header shows a named search icon and the box fits the screen', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await signInAs(page, 'Technicien')
  await page.goto('/')
  await expect(page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible(LOAD)
  await page.getByRole('button', { name: 'Rechercher', exact: true }).click()
  await searchBox(page).fill('porte')
  await expect(page.getByRole('option').first()).toBeVisible(LOAD)
  const box = (await page.getByRole('dialog').boundingBox())!
  expect(box.x).toBeGreaterThanOrEqual(0)
  expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width)
  await expectAccessible(page)
})
