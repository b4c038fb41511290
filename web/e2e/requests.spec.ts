// The requests list and its dialogs, by role: what each may pick, see and do.
import type { APIRequestContext } from '@playwright/test'
import { demoToken, expect, expectAccessible, signInAs, test } from './fixtures'

async function createRequest(request: APIRequestContext, token: string, assetReference: string, description: string) {
  const options = await (await request.get('/api/assets/options', { headers: { authorization: `Bearer ${token}` } })).json() as { options: { id: string; reference: string }[] }
  const asset = options.options.find((o) => o.reference === assetReference)!
  const res = await request.post('/api/requests', { headers: { authorization: `Bearer ${token}` }, data: { assetId: asset.id, description } })
  expect(res.status()).toBe(201)
  return (await res.json()) as { id: string; reference: string }
}

test('a Demandeur can only pick her sites’ elevators, exactly those the API offers her, and finds her new request in her list', async ({ page }) => {
  test.slow() // several pages and accessibility passes on a machine shared with other runs
  const token = await signInAs(page, 'Demandeur')
  const offered = await (await page.request.get('/api/assets/options', { headers: { authorization: `Bearer ${token}` } })).json() as { options: { reference: string; siteName: string }[] }
  const all = await (await page.request.get('/api/assets/options', { headers: { authorization: `Bearer ${await demoToken(page.request, 'Administrateur')}` } })).json() as { options: { reference: string }[] }
  expect(offered.options.length).toBeLessThan(all.options.length)
  expect(new Set(offered.options.map((o) => o.siteName))).toEqual(new Set(['Résidence Part-Dieu', 'Immeuble Confluence']))

  await page.goto('/demandes')
  await page.getByRole('button', { name: 'Nouvelle demande' }).click()
  const dialog = page.getByRole('dialog', { name: 'Nouvelle demande' })
  await dialog.getByRole('combobox', { name: 'Ascenseur' }).click()
  const picked = await page.getByRole('listbox').getByRole('option').allTextContents()
  expect(picked.sort()).toEqual(offered.options.map((o) => o.reference).sort())
  expect(picked).not.toContain('PAR-VAU-E1')

  await page.getByRole('option', { name: 'LYO-CF-S1' }).click()
  await expectAccessible(page)
  const description = `Le voyant d’alarme reste allumé (${Date.now()})`
  await dialog.getByLabel('Description du problème').fill(description)
  await dialog.getByRole('button', { name: 'Envoyer la demande' }).click()
  await expect(dialog).toBeHidden()
  const card = page.getByRole('table', { name: 'Demandes' }).locator('tbody tr').filter({ hasText: description })
  await expect(card).toContainText('LYO-CF-S1')
  await expect(card).toContainText('Application')
  await expect(card).toContainText('En attente')
  // Her own request, but she may not handle it.
  await expect(card.getByRole('button')).toHaveCount(0)
})

test('Vue seule sees the requests list with no action offered', async ({ page }) => {
  await signInAs(page, 'Vue seule')
  await page.goto('/demandes?status=PENDING')
  const rows = page.getByRole('table', { name: 'Demandes' }).locator('tbody tr')
  await expect(rows.first()).toContainText('En attente')
  await expect(page.getByRole('button', { name: 'Nouvelle demande' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^(Accepter|Classer)/ })).toHaveCount(0)
  await expect(page.getByRole('table', { name: 'Demandes' }).getByRole('button')).toHaveCount(0)
  await expectAccessible(page)
})

test('rejecting needs a reason: refused blank, then shown on the request', async ({ page }) => {
  test.slow() // several pages and accessibility passes on a machine shared with other runs
  const token = await signInAs(page, 'Dispatcher')
  const created = await createRequest(page.request, token, 'MAR-VP-C1', `Le miroir de la cabine est fêlé (${Date.now()})`)
  await page.goto(`/demandes?q=${created.reference}`)
  const row = page.getByRole('table', { name: 'Demandes' }).locator('tbody tr').filter({ hasText: created.reference })
  await row.getByRole('button', { name: `Classer ${created.reference} sans suite` }).click()
  const dialog = page.getByRole('dialog', { name: 'Classer sans suite' })
  await dialog.getByRole('button', { name: 'Classer sans suite' }).click()
  await expect(dialog.getByText('Indiquez la raison : le demandeur la lira.')).toBeVisible()
  await dialog.getByLabel('Raison').fill('   ')
  await dialog.getByRole('button', { name: 'Classer sans suite' }).click()
  await expect(dialog.getByText('Indiquez la raison : le demandeur la lira.')).toBeVisible()
  await expectAccessible(page)
  // Nothing was sent: the request is still pending.
  const still = await (await page.request.get(`/api/requests?q=${created.reference}`, { headers: { authorization: `Bearer ${token}` } })).json() as { requests: { status: string }[] }
  expect(still.requests[0].status).toBe('PENDING')

  await dialog.getByLabel('Raison').fill('Miroir décoratif : hors contrat, à voir avec le syndic.')
  await dialog.getByRole('button', { name: 'Classer sans suite' }).click()
  await expect(dialog).toBeHidden()
  await expect(row).toContainText('Sans suite')
  await expect(row).toContainText('Miroir décoratif : hors contrat, à voir avec le syndic.')
  await expect(row.getByRole('button')).toHaveCount(0)
})

test('the filters live in the address and narrow the list as the API does', async ({ page }) => {
  await signInAs(page, 'Dispatcher')
  await page.goto('/demandes?status=REJECTED&source=APP')
  await expect(page.getByRole('combobox', { name: 'État' })).toHaveValue('Sans suite')
  await expect(page.getByRole('combobox', { name: 'Origine' })).toHaveValue('Application')
  const rows = page.getByRole('table', { name: 'Demandes' }).locator('tbody tr')
  await expect(rows.first()).toBeVisible()
  for (const text of await rows.allTextContents()) {
    expect(text).toContain('Sans suite')
    expect(text).toContain('Application')
  }
  await page.getByRole('combobox', { name: 'Origine' }).click()
  await page.getByRole('option', { name: 'Portail' }).click()
  await expect(page).toHaveURL(/\/demandes\?status=REJECTED&source=PORTAL$/)
})
