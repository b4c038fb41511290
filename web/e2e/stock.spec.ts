// Stock: the Gestionnaire reads the parts (under-threshold badge) and enters stock by hand;
// a technician on a phone takes a part and logs time on his order, and once the order is
// closed the costs take no more entries (the API refuses with 409).
// The service is shared with the other journeys: this spec creates the order it works on and
// enters stock on a part no other journey touches.
import type { APIRequestContext } from '@playwright/test'
import { demoToken, expect, expectAccessible, PHONE, signInAs, test } from './fixtures'

type Part = { id: string; reference: string; designation: string; quantity: number; belowThreshold: boolean }

async function parts(request: APIRequestContext, token: string): Promise<Part[]> {
  const res = await request.get('/api/parts?limit=200', { headers: { authorization: `Bearer ${token}` } })
  expect(res.status()).toBe(200)
  return ((await res.json()) as { parts: Part[] }).parts
}

test('a Gestionnaire sees the parts under their threshold and enters stock by hand', async ({ page }) => {
  const token = await signInAs(page, 'Gestionnaire')
  const all = await parts(page.request, token)
  const below = all.find((p) => p.belowThreshold)!
  const target = all.find((p) => p.designation === 'Interphone cabine')!

  await page.goto('/')
  await expect(page.getByRole('link', { name: 'Stock' }).first()).toBeVisible()
  await page.goto('/stock')
  await expect(page.getByRole('heading', { name: 'Stock', level: 1 })).toBeVisible()
  const row = page.getByRole('row').filter({ hasText: below.designation })
  await expect(row.getByText('Sous le seuil')).toBeVisible()
  await expectAccessible(page)
  await page.screenshot({ path: 'test-results/stock-list.png', fullPage: true })

  // The under-threshold filter lives in the address.
  await page.getByLabel('Sous le seuil uniquement').click()
  await expect(page).toHaveURL(/belowThreshold=true/)
  await expect(page.getByLabel('Sous le seuil uniquement')).toBeChecked()
  await expect(page.getByRole('row').filter({ hasText: target.designation })).toHaveCount(0)
  await page.getByLabel('Sous le seuil uniquement').click()
  await expect(page).not.toHaveURL(/belowThreshold/)

  await page.getByRole('link', { name: target.reference }).click()
  await expect(page.getByRole('heading', { name: target.designation })).toBeVisible()
  await expect(page.getByTestId('part-quantity')).toHaveText(String(target.quantity))
  const form = page.getByRole('form', { name: 'Mouvement de stock' })
  await form.getByLabel('Quantité').fill('3')
  // A pasted price is read the same with a point, a comma or a euro sign (never 399 for 39.9).
  const price = form.getByLabel('Prix unitaire (€)')
  for (const pasted of ['39.9', '39,90 €', '39,9']) {
    await price.fill('')
    await price.evaluate((input, text) => {
      const data = new DataTransfer()
      data.setData('text', text)
      input.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
    }, pasted)
    await expect(price, pasted).toHaveValue('39,9')
  }
  await price.fill('185,50')
  await form.getByLabel('Motif').fill('Achat comptoir e2e')
  await form.getByRole('button', { name: 'Enregistrer le mouvement' }).click()
  await expect(page.getByTestId('part-quantity')).toHaveText(String(target.quantity + 3))
  await expect(page.getByRole('row').filter({ hasText: 'Achat comptoir e2e' })).toContainText('Entrée manuelle')
  await expect(page.getByText('185,50 €').first()).toBeVisible()

  // An adjustment that would take the stock below zero: the API's message, nothing written.
  await form.getByText('Ajustement').click()
  await form.getByLabel('Quantité').fill(String(-(target.quantity + 100)))
  await form.getByLabel('Motif').fill('Inventaire e2e')
  await form.getByRole('button', { name: 'Enregistrer le mouvement' }).click()
  await expect(form.getByRole('alert')).toContainText('Stock insuffisant')
  await expect(page.getByTestId('part-quantity')).toHaveText(String(target.quantity + 3))
})

test('a technician on a phone takes a part and logs time on his order; closed, the costs take no more', async ({ page }) => {
  await page.setViewportSize(PHONE)
  const token = await signInAs(page, 'Technicien')
  const headers = (t: string) => ({ authorization: `Bearer ${t}` })
  const me = (await (await page.request.get('/api/users/me', { headers: headers(token) })).json()) as { id: string }
  const dispatcher = await demoToken(page.request, 'Dispatcher')
  const { options } = (await (await page.request.get('/api/assets/options', { headers: headers(dispatcher) })).json()) as { options: { id: string }[] }
  const created = await page.request.post('/api/work-orders', { headers: headers(dispatcher), data: { assetId: options[0].id, description: 'Essai e2e : galet de porte usé, remplacement.' } })
  expect(created.status()).toBe(201)
  const order = (await created.json()) as { id: string; reference: string }
  expect((await page.request.put(`/api/work-orders/${order.id}/assignees`, { headers: headers(dispatcher), data: { assigneeIds: [me.id] } })).ok()).toBe(true)
  const cable = (await parts(page.request, token)).find((p) => p.designation.startsWith('Câble de traction'))!

  await page.goto(`/ordres/${order.id}`)
  const costs = page.getByRole('region', { name: 'Coûts' })
  await costs.getByRole('button', { name: 'Consommer une pièce' }).click()
  await costs.getByRole('combobox', { name: 'Pièce' }).fill('câble')
  await page.getByRole('option', { name: new RegExp(cable.reference) }).click()
  await costs.getByLabel('Quantité').fill('4')
  await costs.getByRole('button', { name: 'Consommer', exact: true }).click()
  await expect(costs.getByText(`${cable.reference} — ${cable.designation}`)).toBeVisible()

  await costs.getByRole('button', { name: 'Saisir du temps' }).click()
  await costs.getByLabel('Heures').fill('1')
  await costs.getByLabel('Minutes').fill('30')
  await costs.getByRole('button', { name: 'Enregistrer le temps' }).click()
  await expect(costs.getByText('Karim Benali')).toBeVisible()
  await expect(costs.getByText(/1 h 30/)).toBeVisible()
  await costs.screenshot({ path: 'test-results/work-order-costs-phone.png' })

  // Closed by the Dispatcher: no more entries offered, and the API refuses them.
  expect((await page.request.post(`/api/work-orders/${order.id}/transition`, { headers: headers(dispatcher), data: { to: 'CANCELLED', reason: 'Essai e2e terminé.' } })).ok()).toBe(true)
  await page.reload()
  await expect(costs.getByText(`${cable.reference} — ${cable.designation}`)).toBeVisible()
  await expect(costs.getByRole('button', { name: 'Consommer une pièce' })).toHaveCount(0)
  await expect(costs.getByRole('button', { name: 'Saisir du temps' })).toHaveCount(0)
  const refused = await page.request.post(`/api/work-orders/${order.id}/consume-part`, { headers: headers(token), data: { partId: cable.id, quantity: 1 } })
  expect(refused.status()).toBe(409)
})

test('a part’s ledger shows its 20 latest movements, and « Charger plus » the older ones', async ({ page }) => {
  const token = await signInAs(page, 'Gestionnaire')
  const headers = { authorization: `Bearer ${token}` }
  const created = await page.request.post('/api/parts', { headers, data: { designation: `Joint de vérin e2e ${Date.now()}` } })
  expect(created.status()).toBe(201)
  const part = (await created.json()) as Part
  for (let i = 1; i <= 25; i++) {
    const res = await page.request.post(`/api/parts/${part.id}/movements`, { headers, data: { kind: 'MANUAL', quantity: 1, reason: `Entrée ${i}` } })
    expect(res.status()).toBe(201)
  }
  await page.goto(`/stock/${part.id}`)
  await expect(page.getByTestId('part-quantity')).toHaveText('25')
  const ledger = page.getByRole('table', { name: 'Mouvements de stock' })
  await expect(ledger.getByRole('row').filter({ hasText: 'Entrée manuelle' })).toHaveCount(20)
  await expect(ledger.getByText('Entrée 25', { exact: true })).toBeVisible()
  await expect(ledger.getByText('Entrée 5', { exact: true })).toHaveCount(0)
  await page.getByRole('button', { name: 'Charger plus' }).click()
  await expect(ledger.getByRole('row').filter({ hasText: 'Entrée manuelle' })).toHaveCount(25)
  await expect(ledger.getByText('Entrée 1', { exact: true })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Charger plus' })).toHaveCount(0)
  await expectAccessible(page)
  await page.screenshot({ path: 'test-results/stock-ledger.png', fullPage: true })
})
