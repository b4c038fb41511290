// The dashboard per role, built from the permission matrix and the existing lists: each card
// leads to its filtered list.
import type { APIRequestContext, Page } from '@playwright/test'
import { demoToken, expect, expectAccessible, PHONE, signInAs, test } from './fixtures'

const LOAD = { timeout: 15_000 }

/** The rows of the work-order list once every page is loaded (« Charger plus »). */
async function rowsOfWholeList(page: Page): Promise<number> {
  const more = page.getByRole('button', { name: 'Charger plus' })
  await expect(page.getByText(/ordres? affichés?|Aucun ordre/).first()).toBeVisible(LOAD)
  // After a click, wait for the page's rows themselves: the button stays on screen while the
  // next page loads, and is gone once the last one is in (a click then would wait for nothing).
  const listed = page.getByRole('table').getByRole('link', { name: /^OT-\d+$/ })
  while (await more.isVisible()) {
    const before = await listed.count()
    await more.click()
    await expect.poll(() => listed.count(), LOAD).toBeGreaterThan(before)
  }
  return page.getByRole('table').getByRole('link', { name: /^OT-\d+$/ }).count()
}

async function send(request: APIRequestContext, method: 'get' | 'post', path: string, data?: unknown) {
  const res = await request[method](`/api${path}`, { headers: { authorization: `Bearer ${await demoToken(request, 'Dispatcher')}` }, data })
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true)
  return res.json()
}

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

test('each count opens the list of exactly those orders: not finished, late', async ({ page }) => {
  await signInAs(page, 'Dispatcher')
  for (const [label, address] of [['Ordres non terminés', /\/ordres$/], ['Ordres en retard', /\/ordres\?late=true$/]] as const) {
    // Journeys beside this one create and cancel orders: a count and its list read a moment
    // apart may straddle one of them, so the pair is read again until they were read together.
    await expect(async () => {
      await page.goto('/')
      const tile = page.getByRole('region', { name: 'Indicateurs' }).getByRole('link', { name: new RegExp(`^${label}`) })
      await expect(tile).toContainText(/\d/, LOAD)
      const count = /^\D*(\d+)(\+?)/.exec(await tile.innerText())!
      await tile.click()
      await expect(page).toHaveURL(address)
      const rows = await rowsOfWholeList(page)
      if (count[2] === '+') expect(rows, label).toBeGreaterThanOrEqual(Number(count[1]))
      else expect(rows, label).toBe(Number(count[1]))
    }).toPass({ timeout: 90_000 })
    // Nothing finished in it.
    await expect(page.getByRole('table').getByText(/^(Terminé|Annulé)$/)).toHaveCount(0)
  }
  await expect(page.getByRole('switch', { name: 'En retard' })).toBeChecked()
})

test('« Ordres non affectés » opens exactly the orders it counts: live, nobody assigned', async ({ page }) => {
  await signInAs(page, 'Dispatcher')
  // Read again until the count and its list were read together (journeys beside this one
  // create and cancel orders).
  await expect(async () => {
    await page.goto('/')
    const card = page.getByRole('region', { name: 'Ordres non affectés' })
    // The count beside the title (the first badge; the rows have their own).
    const badge = card.locator('.mantine-Badge-root').first()
    await expect(badge).toHaveText(/^\d+\+?$/, LOAD)
    const count = /^(\d+)(\+?)$/.exec(await badge.innerText())!
    await card.getByRole('link', { name: /^Voir les ordres non affectés/ }).click()
    await expect(page).toHaveURL(/\/ordres\?unassigned=true$/)
    await expect(page.getByRole('switch', { name: 'Non affectés' })).toBeChecked()
    const rows = await rowsOfWholeList(page)
    if (count[2] === '+') expect(rows).toBeGreaterThanOrEqual(Number(count[1]))
    else expect(rows).toBe(Number(count[1]))
  }).toPass({ timeout: 90_000 })
  await expect(page.getByRole('table').getByText(/^(Terminé|Annulé)$/)).toHaveCount(0)
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

test('on a phone, the technician’s trapped person comes above everything, and a whole row opens the order', async ({ page, request }) => {
  const me = await request.get('/api/users/me', { headers: { authorization: `Bearer ${await demoToken(request, 'Technicien')}` } })
  const karim = (await me.json()) as { id: string }
  const { options } = await send(request, 'get', '/assets/options') as { options: { id: string }[] }
  const order = await send(request, 'post', '/work-orders', {
    assetId: options[0].id, description: 'Essai e2e : une personne bloquée entre deux étages.', personBlocked: true, assigneeIds: [karim.id],
  }) as { id: string; reference: string }
  try {
    await signInAs(page, 'Technicien')
    await page.setViewportSize(PHONE)
    await page.goto('/')
    const trapped = page.getByRole('region', { name: /^Personnes? bloquées?$/ })
    await expect(trapped).toBeVisible(LOAD)
    await expect(page.getByRole('region').first()).toHaveAccessibleName(/^Personnes? bloquées?$/)
    const row = trapped.getByRole('link', { name: new RegExp(`^${order.reference}\\b`) })
    const box = (await row.boundingBox())!
    expect(box.width).toBeGreaterThan(300)
    expect(box.height).toBeGreaterThanOrEqual(44)
    await page.screenshot({ path: 'test-results/dashboard-phone-trapped.png' })
    // A tap on the row's text, not on its reference.
    await row.getByText('Personne bloquée', { exact: true }).click()
    await expect(page).toHaveURL(new RegExp(`/ordres/${order.id}$`))
    await expect(page.getByRole('heading', { level: 1, name: order.reference })).toBeVisible(LOAD)
  } finally {
    await send(request, 'post', `/work-orders/${order.id}/transition`, { to: 'CANCELLED', reason: 'Essai e2e terminé.' })
  }
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
