// Achats: a Gestionnaire orders two parts from a supplier, sends and receives the order and the
// stock rises; Vue seule reads the orders with no action offered.
import type { APIRequestContext } from '@playwright/test'
import { demoToken, expect, expectAccessible, PHONE, signInAs, test } from './fixtures'

test.describe.configure({ timeout: 180_000 })

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase()

/** A supplier and two parts of this test's own, made through the API as an administrator. */
async function supplierWithParts(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await demoToken(request, 'Administrateur')}` }
  const tag = stamp()
  const supplier = await request.post('/api/partners', { headers, data: { name: `Fournisseur E2E ${tag}`, kind: 'SUPPLIER' } })
  expect(supplier.status()).toBe(201)
  const parts: { id: string; reference: string; designation: string; quantity: number }[] = []
  for (const designation of [`Galet de porte ${tag}`, `Câble de traction ${tag}`]) {
    const res = await request.post('/api/parts', { headers, data: { designation } })
    expect(res.status()).toBe(201)
    parts.push((await res.json()) as (typeof parts)[number])
  }
  return { supplier: (await supplier.json()) as { id: string; name: string }, parts, headers }
}

async function stockOf(request: APIRequestContext, headers: Record<string, string>, id: string): Promise<number> {
  return ((await (await request.get(`/api/parts/${id}`, { headers })).json()) as { quantity: number }).quantity
}

test('a Gestionnaire orders two parts, sends and receives the order, and the stock rises', async ({ page }) => {
  await page.setViewportSize(PHONE)
  const { supplier, parts, headers } = await supplierWithParts(page.request)
  const before = await stockOf(page.request, headers, parts[0].id)
  // The second part has a known price: its line starts from it.
  expect((await page.request.post(`/api/parts/${parts[1].id}/movements`, { headers, data: { kind: 'MANUAL', quantity: 1, unitPriceCents: 725 } })).status()).toBe(201)
  await signInAs(page, 'Gestionnaire')
  await page.goto('/achats')
  await expect(page.getByRole('heading', { name: 'Achats' })).toBeVisible()
  await page.getByRole('button', { name: 'Nouveau bon de commande' }).click()
  const dialog = page.getByRole('dialog', { name: 'Nouveau bon de commande' })

  // Sent empty, each line says what it lacks.
  await dialog.getByRole('button', { name: 'Créer le bon de commande' }).click()
  await expect(dialog.getByText('Choisissez le fournisseur.')).toBeVisible()
  await expect(dialog.getByText('Choisissez une pièce.')).toBeVisible()

  await dialog.getByRole('combobox', { name: 'Fournisseur' }).fill(supplier.name)
  await page.getByRole('option', { name: supplier.name }).click()
  const prices = ['12,50', '7,25']
  for (const [i, part] of parts.entries()) {
    if (i > 0) await dialog.getByRole('button', { name: 'Ajouter une ligne' }).click()
    const line = dialog.getByRole('group', { name: `Ligne ${i + 1}` })
    await line.getByRole('combobox', { name: `Pièce (ligne ${i + 1})` }).fill(part.reference)
    await page.getByRole('option', { name: new RegExp(part.reference) }).click()
    await line.getByRole('textbox', { name: 'Quantité' }).fill(String(i + 2))
    if (i === 1) await expect(line.getByRole('textbox', { name: 'Prix unitaire (€)' })).toHaveValue('7,25')
    await line.getByRole('textbox', { name: 'Prix unitaire (€)' }).fill(prices[i])
  }
  // 2 × 12,50 + 3 × 7,25 = 46,75 €
  await expect(dialog.getByText(/Total : 46,75/)).toBeVisible()
  await expectAccessible(page)
  await page.screenshot({ path: 'test-results/purchase-order-new.png', fullPage: true })
  await dialog.getByRole('button', { name: 'Créer le bon de commande' }).click()

  await expect(page.getByRole('heading', { name: /Bon de commande BC-\d{6,}/ })).toBeVisible()
  await expect(page.getByText('Brouillon').first()).toBeVisible()
  await expect(page.getByText(/Total : 46,75/)).toBeVisible()
  await expect(page.getByRole('link', { name: parts[0].reference })).toHaveAttribute('href', `/stock/${parts[0].id}`)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
  await expectAccessible(page)

  await page.getByRole('button', { name: 'Envoyer' }).click()
  await expect(page.getByText('Envoyé', { exact: true }).first()).toBeVisible()
  await page.getByRole('button', { name: 'Réceptionner' }).click()
  await page.getByRole('dialog', { name: /Réceptionner BC-/ }).getByRole('button', { name: 'Valider la réception' }).click()
  await expect(page.getByText('Stock entré')).toBeVisible()
  await expect(page.getByText('Reçu', { exact: true }).first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Réceptionner' })).toHaveCount(0)
  expect(await stockOf(page.request, headers, parts[0].id)).toBe(before + 2)
  expect(await stockOf(page.request, headers, parts[1].id)).toBe(1 + 3)
  await page.screenshot({ path: 'test-results/purchase-order.png', fullPage: true })

  // The list shows it, and keeps the status filter in the address.
  await page.goto('/achats')
  await page.getByRole('combobox', { name: 'Statut' }).click()
  await page.getByRole('option', { name: 'Reçu', exact: true }).click()
  await expect(page).toHaveURL(/statut=RECEIVED/)
  await expect(page.getByRole('list', { name: 'Bons de commande' })).toContainText(supplier.name)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
  await expectAccessible(page)
  await page.screenshot({ path: 'test-results/purchase-orders.png', fullPage: true })
})

test('a Gestionnaire receives part of one line: « Partiellement reçu », the stock risen by that quantity; then the rest: « Reçu »', async ({ page }) => {
  const { supplier, parts, headers } = await supplierWithParts(page.request)
  const token = await signInAs(page, 'Gestionnaire')
  const auth = { authorization: `Bearer ${token}` }
  const created = await page.request.post('/api/purchase-orders', {
    headers: auth, data: { supplierId: supplier.id, lines: [{ partId: parts[0].id, quantity: 3, unitPriceCents: 1250 }, { partId: parts[1].id, quantity: 4, unitPriceCents: 725 }] },
  })
  expect(created.status()).toBe(201)
  const po = (await created.json()) as { id: string; reference: string }
  expect((await page.request.post(`/api/purchase-orders/${po.id}/transition`, { headers: auth, data: { action: 'send' } })).status()).toBe(200)
  const before = [await stockOf(page.request, headers, parts[0].id), await stockOf(page.request, headers, parts[1].id)]

  await page.setViewportSize(PHONE)
  await page.goto(`/achats/${po.id}`)
  await page.getByRole('button', { name: 'Réceptionner' }).click()
  const dialog = page.getByRole('dialog', { name: `Réceptionner ${po.reference}` })
  const first = dialog.getByRole('group', { name: new RegExp(parts[0].reference) })
  const second = dialog.getByRole('group', { name: new RegExp(parts[1].reference) })
  // Each line starts from what remains.
  await expect(first.getByRole('textbox', { name: 'Reçu maintenant' })).toHaveValue('3')
  await expect(second.getByRole('textbox', { name: 'Reçu maintenant' })).toHaveValue('4')
  await first.getByRole('textbox', { name: 'Reçu maintenant' }).fill('1')
  await second.getByRole('textbox', { name: 'Reçu maintenant' }).fill('0')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
  await expectAccessible(page)
  await page.screenshot({ path: 'test-results/purchase-order-receive.png', fullPage: true })
  await dialog.getByRole('button', { name: 'Valider la réception' }).click()

  await expect(dialog).toHaveCount(0)
  await expect(page.getByText('Partiellement reçu', { exact: true }).first()).toBeVisible()
  const lines = page.getByRole('list', { name: 'Lignes' })
  await expect(lines.getByRole('listitem').nth(0)).toContainText('Reçu : 1 / 3')
  await expect(lines.getByRole('listitem').nth(1)).toContainText('Reçu : 0 / 4')
  expect(await stockOf(page.request, headers, parts[0].id)).toBe(before[0] + 1)
  expect(await stockOf(page.request, headers, parts[1].id)).toBe(before[1])
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
  await expectAccessible(page)
  await page.screenshot({ path: 'test-results/purchase-order-partial.png', fullPage: true })

  // The list's filter offers the new state.
  await page.goto('/achats?statut=PARTIALLY_RECEIVED')
  await expect(page.getByRole('combobox', { name: 'Statut' })).toHaveValue('Partiellement reçu')
  await expect(page.getByRole('link', { name: po.reference })).toBeVisible()
  await page.setViewportSize({ width: 1280, height: 800 })
  await page.screenshot({ path: 'test-results/purchase-orders-partial-desk.png', fullPage: true })
  await page.getByRole('link', { name: po.reference }).click()

  // The rest: the dialog starts from what remains.
  await page.getByRole('button', { name: 'Réceptionner' }).click()
  await expect(first.getByRole('textbox', { name: 'Reçu maintenant' })).toHaveValue('2')
  await expect(second.getByRole('textbox', { name: 'Reçu maintenant' })).toHaveValue('4')
  await dialog.getByRole('button', { name: 'Valider la réception' }).click()
  await expect(page.getByText('Stock entré')).toBeVisible()
  await expect(page.getByText('Reçu', { exact: true }).first()).toBeVisible()
  await expect(lines.getByRole('listitem').nth(0)).toContainText('Reçu : 3 / 3')
  await expect(page.getByRole('button', { name: 'Réceptionner' })).toHaveCount(0)
  expect(await stockOf(page.request, headers, parts[0].id)).toBe(before[0] + 3)
  expect(await stockOf(page.request, headers, parts[1].id)).toBe(before[1] + 4)
  await page.screenshot({ path: 'test-results/purchase-order-received-desk.png', fullPage: true })
})

test('an order moved elsewhere answers 409 and the page offers what is now allowed; cancelling asks first', async ({ page }) => {
  const { supplier, parts } = await supplierWithParts(page.request)
  const token = await signInAs(page, 'Gestionnaire')
  const created = await page.request.post('/api/purchase-orders', {
    headers: { authorization: `Bearer ${token}` },
    data: { supplierId: supplier.id, lines: [{ partId: parts[0].id, quantity: 1, unitPriceCents: 100 }] },
  })
  expect(created.status()).toBe(201)
  const po = (await created.json()) as { id: string }
  await page.goto(`/achats/${po.id}`)
  await expect(page.getByRole('button', { name: 'Envoyer' })).toBeVisible()
  // Sent meanwhile elsewhere: the API's 409 is shown and the page offers what is now allowed.
  expect((await page.request.post(`/api/purchase-orders/${po.id}/transition`, { headers: { authorization: `Bearer ${token}` }, data: { action: 'send' } })).status()).toBe(200)
  await page.getByRole('button', { name: 'Envoyer' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Action impossible' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Réceptionner' })).toBeVisible()
  await page.getByRole('button', { name: 'Annuler', exact: true }).click()
  const confirm = page.getByRole('dialog', { name: 'Annuler ce bon de commande ?' })
  await confirm.getByRole('button', { name: 'Annuler le bon de commande' }).click()
  await expect(page.getByText('Annulé', { exact: true }).first()).toBeVisible()
  await expect(page.getByRole('button', { name: 'Envoyer' })).toHaveCount(0)
})

test('Vue seule reads the purchase orders with no action offered', async ({ page }) => {
  const { supplier, parts } = await supplierWithParts(page.request)
  const admin = { authorization: `Bearer ${await demoToken(page.request, 'Administrateur')}` }
  const created = await page.request.post('/api/purchase-orders', {
    headers: admin, data: { supplierId: supplier.id, lines: [{ partId: parts[0].id, quantity: 4, unitPriceCents: 990 }] },
  })
  expect(created.status()).toBe(201)
  const po = (await created.json()) as { id: string; reference: string }
  await signInAs(page, 'Vue seule')
  await page.goto('/achats')
  await expect(page.getByRole('link', { name: po.reference })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Nouveau bon de commande' })).toHaveCount(0)
  await expectAccessible(page)
  await page.getByRole('link', { name: po.reference }).click()
  await expect(page.getByRole('heading', { name: `Bon de commande ${po.reference}` })).toBeVisible()
  await expect(page.getByText(/Total : 39,60/)).toBeVisible()
  for (const name of ['Envoyer', 'Réceptionner', 'Annuler']) await expect(page.getByRole('button', { name, exact: true })).toHaveCount(0)
  await expectAccessible(page)
})
