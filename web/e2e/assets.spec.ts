// Équipements: sites and zones, the asset list, an asset's page with its meters, read-only
// access, and the QR label sheet whose codes are decoded here as a phone would.
import jsQR from 'jsqr'
import { PNG } from 'pngjs'
import type { APIRequestContext, Page } from '@playwright/test'
import { demoToken, expect, expectAccessible, PHONE, signInAs, test } from './fixtures'

// Several axe passes per journey on a machine shared with the other workers.
test.describe.configure({ timeout: 120_000 })

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase()

/** A site of this test's own with `count` new assets, made through the API. */
async function siteWithAssets(request: APIRequestContext, count: number) {
  const token = await demoToken(request, 'Administrateur')
  const headers = { authorization: `Bearer ${token}` }
  const tag = stamp()
  const site = await request.post('/api/locations', { headers, data: { name: `Site E2E ${tag}`, address: '1 rue des Essais', city: 'Lyon' } })
  expect(site.status()).toBe(201)
  const siteId = ((await site.json()) as { id: string }).id
  const categories = (await (await request.get('/api/categories?kind=EQUIPMENT&active=true', { headers })).json()) as { categories: { id: string }[] }
  const assets: { id: string; reference: string }[] = []
  for (let i = 1; i <= count; i++) {
    const res = await request.post('/api/assets', { headers, data: { reference: `E2E-${tag}-${i}`, brand: 'Otis', model: 'Gen2', categoryId: categories.categories[0].id, locationId: siteId } })
    expect(res.status()).toBe(201)
    assets.push((await res.json()) as { id: string; reference: string })
  }
  return { siteId, siteName: `Site E2E ${tag}`, assets, tag }
}

/** Decodes the QR code shown by an <img>, from a screenshot of it (what a phone camera gets). */
async function decodeQr(page: Page, img: ReturnType<Page['locator']>): Promise<string | null> {
  const png = PNG.sync.read(await img.screenshot())
  return jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data ?? null
}

test('the sites page shows each site with its zones; a dispatcher creates a site and a zone', async ({ page }) => {
  await signInAs(page, 'Dispatcher')
  await page.goto('/sites')
  const partDieu = page.getByRole('region', { name: 'Résidence Part-Dieu' })
  const zones = partDieu.getByRole('list', { name: 'Zones de Résidence Part-Dieu' })
  await expect(zones.getByRole('listitem')).toHaveText([/Bâtiment A/, /Bâtiment B/, /Parking souterrain/])
  await expect(partDieu.getByRole('link', { name: /équipements — Résidence Part-Dieu/ })).toHaveAttribute('href', /\/equipements\?site=/)
  await expectAccessible(page)

  const name = `Résidence ${stamp()}`
  await page.getByRole('button', { name: 'Nouveau site' }).click()
  const dialog = page.getByRole('dialog', { name: 'Nouveau site' })
  await dialog.getByLabel('Nom du site').fill(name)
  await dialog.getByLabel('Ville').fill('Villeurbanne')
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Créer' }).click()
  const site = page.getByRole('region', { name })
  await expect(site).toContainText('Villeurbanne')
  await site.getByRole('button', { name: `Ajouter une zone à ${name}` }).click()
  await page.getByRole('dialog').getByLabel('Nom de la zone').fill('Hall C')
  await page.getByRole('dialog').getByRole('button', { name: 'Créer' }).click()
  await expect(site.getByRole('list', { name: `Zones de ${name}` }).getByRole('listitem')).toHaveText([/Hall C\s*0 équipement/])
})

test('the asset list filters by text, the filter kept in the URL; a phone gets cards', async ({ page }) => {
  await signInAs(page, 'Dispatcher')
  // Other journeys add assets: the test looks only at demo references it names.
  await page.goto('/equipements?q=LYO')
  await expect(page.getByRole('link', { name: 'LYO-PD-A1' })).toBeVisible()
  await page.getByLabel('Recherche').fill('LYO-CF')
  await expect(page).toHaveURL(/[?&]q=LYO-CF/)
  await expect(page.getByRole('link', { name: 'LYO-PD-A1' })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'LYO-CF-N1' })).toBeVisible()
  await expect(page.getByRole('link', { name: 'LYO-CF-S1' })).toBeVisible()
  await expectAccessible(page)

  await page.setViewportSize(PHONE)
  await page.reload()
  await expect(page.getByLabel('Recherche')).toHaveValue('LYO-CF')
  const cards = page.getByRole('list', { name: 'Équipements' })
  await expect(cards.getByRole('link', { name: /^LYO-CF-N1 — Immeuble Confluence/ })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
})

test('a dispatcher creates an asset, records two meter readings and sees them in the list and the chart', async ({ page }) => {
  const { siteName } = await siteWithAssets(page.request, 0)
  await signInAs(page, 'Dispatcher')
  await page.goto('/equipements')
  await page.getByRole('button', { name: 'Nouvel équipement' }).click()
  const dialog = page.getByRole('dialog', { name: 'Nouvel équipement' })
  const reference = `E2E-${stamp()}`
  await dialog.getByLabel('Référence').fill(reference)
  await dialog.getByLabel('Catégorie').click()
  await page.getByRole('option').first().click()
  await dialog.getByLabel('Marque').fill('Schindler')
  await dialog.getByLabel('Emplacement').fill(siteName)
  await page.getByRole('option', { name: `${siteName} (tout le site)` }).click()
  await dialog.getByRole('button', { name: 'Créer l’équipement' }).click()

  await expect(page.getByRole('heading', { level: 1 })).toContainText(reference)
  const trips = page.getByRole('article', { name: 'Nombre de courses' })
  await expect(trips).toContainText('Aucun relevé')
  for (const value of ['1200', '1750']) {
    await trips.getByRole('button', { name: /Ajouter un relevé/ }).click()
    const form = page.getByRole('dialog', { name: /Nouveau relevé/ })
    await form.getByLabel(/Valeur/).fill(value)
    await form.getByRole('button', { name: 'Enregistrer le relevé' }).click()
    await expect(form).toBeHidden()
  }
  const rows = trips.getByRole('table', { name: 'Relevés — Nombre de courses' }).getByRole('row')
  await expect(rows).toHaveCount(3)
  await expect(rows.nth(1)).toContainText(/1\s750/)
  await expect(rows.nth(2)).toContainText(/1\s200/)
  await expect(trips.getByTestId('meter-chart').locator('.recharts-line-dot, .recharts-dot')).toHaveCount(2)
  await expect(trips.getByTestId('meter-chart')).toContainText('2 relevés')

  // A value that does not increase is refused before it reaches the API.
  await trips.getByRole('button', { name: /Ajouter un relevé/ }).click()
  const form = page.getByRole('dialog', { name: /Nouveau relevé/ })
  await form.getByLabel(/Valeur/).fill('1000')
  await form.getByRole('button', { name: 'Enregistrer le relevé' }).click()
  await expect(form).toContainText(/doit dépasser le dernier relevé/)
  await form.getByRole('button', { name: 'Fermer' }).click()
  await expectAccessible(page)
})

test('Vue seule sees sites, assets and an asset page with no action offered', async ({ page }) => {
  await signInAs(page, 'Vue seule')
  await page.goto('/sites')
  await expect(page.getByRole('region', { name: 'Résidence Part-Dieu' })).toBeVisible()
  await expect(page.getByRole('button', { name: /Nouveau site|Modifier|Ajouter une zone/ })).toHaveCount(0)

  await page.goto('/equipements?q=LYO-PD')
  await expect(page.getByRole('link', { name: 'LYO-PD-A1' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Nouvel équipement' })).toHaveCount(0)

  await page.getByRole('link', { name: 'LYO-PD-A1' }).click()
  await expect(page.getByRole('heading', { name: 'Compteurs' })).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Ordres de travail' })).toBeVisible()
  await expect(page.getByRole('article', { name: 'Nombre de courses' }).getByTestId('meter-chart')).toBeVisible()
  // Nothing to act with: the documents' button stays, disabled, with its reason (issue 19).
  await expect(page.getByRole('button', { name: /Changer le statut|Ajouter|Retirer|Enregistrer un contrôle|Observation/, disabled: false })).toHaveCount(0)
  await expect(page.getByRole('link', { name: 'Imprimer l’étiquette' })).toHaveCount(0)
})

test('the QR label sheet of a site renders one code per asset, each decoding to its portal page', async ({ page }) => {
  const { siteId, assets } = await siteWithAssets(page.request, 3)
  const publicUrl = test.info().project.use.baseURL!
  await signInAs(page, 'Dispatcher')
  await page.goto(`/etiquettes?site=${siteId}`)
  const codes = page.getByRole('img', { name: /^Code QR vers / })
  await expect(codes).toHaveCount(3)
  await expect(page.locator('meta[name="palier-public-url"]')).toHaveAttribute('content', publicUrl)

  const label = page.getByRole('figure', { name: `Étiquette ${assets[1].reference}` })
  await expect(label).toContainText('1 rue des Essais, Lyon')
  expect(await decodeQr(page, label.getByRole('img'))).toBe(`${publicUrl}/p/${assets[1].reference}`)
  await expectAccessible(page)

  // On paper: only the sheet (no header, no menu, no picker).
  await page.emulateMedia({ media: 'print' })
  await expect(page.getByRole('banner')).toBeHidden()
  await expect(page.getByRole('button', { name: 'Imprimer' })).toBeHidden()
  await expect(codes).toHaveCount(3)
  await page.emulateMedia({ media: 'screen' })

  // One asset's label, from its page.
  await page.goto(`/equipements/${assets[0].id}`)
  await page.getByRole('link', { name: 'Imprimer l’étiquette' }).click()
  await expect(codes).toHaveCount(1)
  expect(await decodeQr(page, codes.first())).toBe(`${publicUrl}/p/${assets[0].reference}`)
})
