// The screenshots of the README and docs/ (docs/screenshots/), taken on the demo data:
// `npm run -w web screenshots` (playwright.screenshots.config.ts). Each shot waits for the
// data it is meant to show, so that no picture is of a loading or empty state.
import path from 'node:path'
import type { Page } from '@playwright/test'
import { demoToken, expect, PHONE, signInAs, test } from './fixtures'

const DESKTOP = { width: 1280, height: 800 }
const OUT = path.resolve(import.meta.dirname, '../../docs/screenshots')
// The demo's approved portal report whose order is in progress (README, "Demo data").
const DEMO_TRACKING = '/suivi/DEM-000040/IJH7QQ1xtDNrKRnjjeIudcDJp0GYuzF3hKXuXIYIk3o'

test.describe.configure({ timeout: 180_000 })

/** `height`: 'page' grows the window to the whole page, a number to that many pixels (a
 * taller window rather than Playwright's fullPage, so that the fixed menu runs to the bottom). */
async function shot(page: Page, name: string, height?: 'page' | number) {
  await page.waitForLoadState('networkidle')
  await page.evaluate(() => document.fonts.ready)
  const { width, height: before } = page.viewportSize()!
  // Nothing may stick out sideways (a phone would scroll, a desk would cut it off).
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${name}: wider than the screen`).toBeLessThanOrEqual(width)
  if (height) {
    const h = height === 'page' ? await page.evaluate(() => document.documentElement.scrollHeight) : height
    await page.setViewportSize({ width, height: h })
  }
  await page.evaluate(() => window.scrollTo(0, 0))
  await page.screenshot({ path: path.join(OUT, `${name}.png`), animations: 'disabled' })
  await page.setViewportSize({ width, height: before })
}

test('public portal on a phone: the report form and the tracking page', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await page.goto('/p/LYO-PD-A1')
  await expect(page.getByRole('heading', { name: 'LYO-PD-A1' })).toBeVisible()
  await page.getByLabel('Que se passe-t-il ?').fill('La porte palière du 2e étage ne se ferme plus.')
  await page.getByLabel('Votre nom').fill('Mme Kaci (gardienne)')
  await shot(page, 'portal-report-phone', 'page')

  await page.goto(DEMO_TRACKING)
  await expect(page.getByRole('status')).toHaveText('État : Intervention')
  await shot(page, 'portal-tracking-phone')
})

test('requests list, dispatcher at a desk', async ({ page }) => {
  await signInAs(page, 'Dispatcher')
  await page.setViewportSize(DESKTOP)
  await page.goto('/demandes')
  await expect(page.getByRole('table', { name: 'Demandes' }).locator('tbody tr').first()).toContainText('DEM-')
  await shot(page, 'requests-list-desktop')
})

test('dashboard of the dispatcher at a desk', async ({ page }) => {
  await signInAs(page, 'Dispatcher')
  await page.setViewportSize(DESKTOP)
  await page.goto('/')
  await expect(page.getByRole('region', { name: 'Personnes bloquées' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Demandes en attente' })).toContainText('DEM-')
  await shot(page, 'dashboard-dispatcher-desktop')
})

test('dashboard of the technician on a phone', async ({ page }) => {
  await signInAs(page, 'Technicien')
  await page.setViewportSize(PHONE)
  await page.goto('/')
  await expect(page.getByRole('region', { name: /^Mes grilles préventives de / })).toBeVisible()
  await expect(page.getByRole('region', { name: 'En cours' })).toContainText('OT-')
  await shot(page, 'dashboard-technician-phone')
})

test('analytics of the gestionnaire at a desk', async ({ page }) => {
  await signInAs(page, 'Gestionnaire')
  await page.setViewportSize(DESKTOP)
  await page.goto('/analytique')
  await expect(page.getByRole('region', { name: 'Ordres ouverts par mois' }).locator('.recharts-bar-rectangle').filter({ visible: true }).first()).toBeVisible()
  await expect(page.getByRole('table', { name: 'Ascenseurs les plus en panne' }).getByRole('link').first()).toBeVisible()
  await shot(page, 'analytics-desktop', 'page')
})

test('asset list, an asset page with its meter chart, the QR label sheet', async ({ page }) => {
  await signInAs(page, 'Dispatcher')
  await page.setViewportSize(DESKTOP)
  await page.goto('/equipements')
  await expect(page.getByRole('link', { name: 'LYO-PD-A1' })).toBeVisible()
  await shot(page, 'assets-list-desktop')

  await page.getByRole('link', { name: 'LYO-PD-A1' }).click()
  await expect(page.getByRole('article', { name: 'Nombre de courses' }).getByTestId('meter-chart').locator('.recharts-line').first()).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Ordres de travail' })).toBeVisible()
  // Down to the meters: the work orders below them are the ones of the orders' list.
  const orders = await page.getByRole('heading', { name: 'Ordres de travail' }).boundingBox()
  await shot(page, 'asset-detail-desktop', Math.round(orders!.y - 24))

  await page.goto('/etiquettes')
  await page.getByRole('combobox', { name: 'Site' }).click()
  await page.getByRole('option', { name: /^Résidence Part-Dieu/ }).click()
  await expect(page.getByRole('img', { name: /^Code QR vers / }).first()).toBeVisible()
  await shot(page, 'qr-labels-desktop', 'page')
})

test('the assistant: a cited answer on the technician’s phone', async ({ page }) => {
  // Re-indexed first, as the README asks of a newcomer (Administration › Assistant); here through the API.
  const admin = { authorization: `Bearer ${await demoToken(page.request, 'Administrateur')}` }
  expect((await page.request.post('/api/assistant/reindex', { headers: admin })).status()).toBe(200)
  await signInAs(page, 'Technicien')
  await page.setViewportSize(PHONE)
  await page.goto('/assistant')
  // The README's question on the demo's invented Tractis manual: a page of it is cited.
  await page.getByRole('textbox', { name: 'Votre question' }).fill('Quel est l’entrefer du frein Tractis ?')
  await page.getByRole('button', { name: 'Demander' }).click()
  await expect(page.getByRole('region', { name: 'Réponse' }).getByRole('button', { name: /^Ouvrir à la page/ }).first()).toBeVisible()
  await shot(page, 'assistant-answer-phone', 'page')
})

test('the assistant’s re-indexing, administrator at a desk', async ({ page }) => {
  await signInAs(page, 'Administrateur')
  await page.setViewportSize(DESKTOP)
  await page.goto('/administration/assistant')
  await page.getByRole('button', { name: 'Réindexer l’assistant' }).click()
  await expect(page.getByText(/^Index n°\d+ en service depuis le /)).toBeVisible()
  await shot(page, 'assistant-reindex-desktop')
})
