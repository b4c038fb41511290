// The dashboard per role, built from the permission matrix and the existing lists: each card
// leads to its filtered list.
import { expect, expectAccessible, PHONE, signInAs, test } from './fixtures'

test('the dispatcher sees the counts, trapped persons and waiting requests first; a card opens the filtered list', async ({ page }) => {
  await signInAs(page, 'Dispatcher')
  await page.goto('/')
  const indicators = page.getByRole('region', { name: 'Indicateurs' })
  await expect(indicators.getByRole('link', { name: /^Personnes bloquées\s*\d+\+?\s/ })).toBeVisible()
  const cards = page.getByRole('region')
  await expect(cards.nth(1)).toHaveAccessibleName('Personnes bloquées')
  await expect(cards.nth(2)).toHaveAccessibleName('Demandes en attente')
  await expect(page.getByRole('region', { name: 'Ordres non affectés' })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Ordres en retard' })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('region', { name: 'Demandes en attente' }).getByRole('link', { name: /^Toutes les demandes en attente/ }).click()
  await expect(page).toHaveURL(/\/demandes\?status=PENDING$/)
  await expect(page.getByRole('combobox', { name: 'État' })).toHaveValue('En attente')
})

test('a technician on a phone sees its own work: under way, due today, the month’s grids', async ({ page }) => {
  await signInAs(page, 'Technicien')
  await page.setViewportSize(PHONE)
  await page.goto('/')
  for (const name of ['En cours', 'À faire aujourd’hui', 'En attente']) await expect(page.getByRole('region', { name })).toBeVisible()
  await expect(page.getByRole('region', { name: /^Mes grilles préventives de / })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Indicateurs' })).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Demandes en attente' })).toHaveCount(0)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
  await expectAccessible(page)
  await expect(page.getByRole('link', { name: 'Mes ordres en cours' })).toHaveAttribute('href', '/ordres?mine=true&status=IN_PROGRESS')
})

test('the Gestionnaire sees the counts that matter and nothing to triage', async ({ page }) => {
  await signInAs(page, 'Gestionnaire')
  await page.goto('/')
  const indicators = page.getByRole('region', { name: 'Indicateurs' })
  for (const label of ['Personnes bloquées', 'Demandes en attente', 'Ordres non terminés', 'Ordres en retard']) {
    await expect(indicators.getByRole('link', { name: new RegExp(`^${label}\\s*\\d+\\+?(\\s|$)`) })).toBeVisible()
  }
  await expect(page.getByRole('region', { name: 'Ordres non affectés' })).toHaveCount(0)
  await expectAccessible(page)
})

test('a Demandeur sees her requests by state, nothing of the work orders', async ({ page }) => {
  await signInAs(page, 'Demandeur')
  await page.goto('/')
  for (const name of ['En attente', 'Acceptées', 'Sans suite']) await expect(page.getByRole('region', { name })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Acceptées' })).toContainText('LYO-')
  await expect(page.getByRole('link', { name: /^OT-/ })).toHaveCount(0)
  await expectAccessible(page)
})
