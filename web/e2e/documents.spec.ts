// Documents on an elevator's page: upload with its progress, the list, a download whose bytes
// are the uploaded ones, a file refused before sending (type, size) with the API's words,
// delete, a long list paged; Vue seule reads only.
import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { APIRequestContext, Page } from '@playwright/test'
import { demoToken, expect, expectAccessible, PHONE, signInAs, test } from './fixtures'

test.describe.configure({ timeout: 120_000 })

const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase()
const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex')

/** A small but real-looking PDF, made here: its first bytes are what the API recognises. */
function pdfBytes(tag: string): Buffer {
  return Buffer.from(`%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\n% ${tag}\ntrailer << /Root 1 0 R >>\n%%EOF\n`, 'latin1')
}

/** An elevator of this test's own (its own site), so that its document list starts empty. */
async function newAsset(request: APIRequestContext) {
  const headers = { authorization: `Bearer ${await demoToken(request, 'Administrateur')}` }
  const tag = stamp()
  const site = await request.post('/api/locations', { headers, data: { name: `Site Docs ${tag}`, address: '2 rue des Essais', city: 'Lyon' } })
  expect(site.status()).toBe(201)
  const categories = (await (await request.get('/api/categories?kind=EQUIPMENT&active=true', { headers })).json()) as { categories: { id: string }[] }
  const res = await request.post('/api/assets', { headers, data: { reference: `DOC-${tag}`, brand: 'Otis', model: 'Gen2', categoryId: categories.categories[0].id, locationId: ((await site.json()) as { id: string }).id } })
  expect(res.status()).toBe(201)
  return { ...((await res.json()) as { id: string; reference: string }), headers, tag }
}

const section = (page: Page) => page.getByRole('region', { name: /^Documents/ })

test('an administrator uploads a PDF, downloads the same bytes, sees a text file refused, deletes it', async ({ page }) => {
  const asset = await newAsset(page.request)
  await signInAs(page, 'Administrateur')
  await page.goto(`/equipements/${asset.id}`)
  const docs = section(page)
  await expect(docs.getByText('Aucun document')).toBeVisible()

  const name = `notice-${asset.tag.toLowerCase()}.pdf`
  const bytes = pdfBytes(asset.tag)
  await docs.getByRole('button', { name: 'Ajouter un document' }).click()
  const dialog = page.getByRole('dialog', { name: 'Ajouter un document' })
  await dialog.locator('input[type=file]').setInputFiles({ name, mimeType: 'application/pdf', buffer: bytes })
  await dialog.getByLabel('Type de document', { exact: true }).click()
  await page.getByRole('option', { name: 'Notice' }).click()
  await dialog.getByRole('button', { name: 'Envoyer' }).click()
  await expect(dialog).toBeHidden()

  const row = docs.getByRole('listitem').filter({ hasText: name })
  await expect(row).toContainText('Notice')
  await expect(row).toContainText('1 Ko')
  const me = (await (await page.request.get('/api/users/me', { headers: asset.headers })).json()) as { displayName: string }
  await expect(row).toContainText(me.displayName)
  // A notice is read by the assistant by default; the switch turns it off.
  const corpus = row.getByRole('switch', { name: `Lu par l’assistant — ${name}` })
  await expect(corpus).toBeChecked()
  await corpus.click({ force: true })
  await expect(corpus).not.toBeChecked()
  const listed = (await (await page.request.get(`/api/documents?assetId=${asset.id}`, { headers: asset.headers })).json()) as { documents: { inCorpus: boolean }[] }
  expect(listed.documents[0].inCorpus).toBe(false)

  const [download] = await Promise.all([page.waitForEvent('download'), row.getByRole('button', { name: `Télécharger ${name}` }).click()])
  expect(download.suggestedFilename()).toBe(name)
  expect(sha256(await readFile((await download.path())!))).toBe(sha256(bytes))

  // A text file renamed .pdf: refused from its first bytes as the API would, in its words, without sending it.
  const posts: string[] = []
  page.on('request', (r) => { if (r.method() === 'POST' && r.url().includes('/api/documents')) posts.push(r.url()) })
  await docs.getByRole('button', { name: 'Ajouter un document' }).click()
  await dialog.locator('input[type=file]').setInputFiles({ name: 'faux.pdf', mimeType: 'application/pdf', buffer: Buffer.from('Ceci est un texte.\n') })
  await expect(dialog.getByRole('alert')).toContainText('Type de fichier refusé : PDF, JPG ou PNG uniquement.')
  await dialog.getByRole('button', { name: 'Envoyer' }).click()
  await expect(dialog.getByRole('alert')).toContainText('Type de fichier refusé : PDF, JPG ou PNG uniquement.')
  // Over 20 Mo: refused at once, with the file's size.
  await dialog.locator('input[type=file]').setInputFiles({ name: 'gros.pdf', mimeType: 'application/pdf', buffer: Buffer.concat([pdfBytes(asset.tag), Buffer.alloc(21 * 1024 * 1024)]) })
  await expect(dialog.getByRole('alert')).toContainText('Fichier trop volumineux (21 Mo) : 20 Mo au plus.')
  await dialog.getByRole('button', { name: 'Envoyer' }).click()
  await expect(dialog.getByRole('alert')).toContainText('20 Mo au plus')
  expect(posts).toEqual([])
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Annuler' }).click()
  await expect(docs.getByRole('listitem')).toHaveCount(1)

  await expectAccessible(page)
  await docs.screenshot({ path: test.info().outputPath('documents-desktop.png') })
  await page.setViewportSize(PHONE)
  await docs.scrollIntoViewIfNeeded()
  await page.screenshot({ path: test.info().outputPath('documents-phone-admin.png') })
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)

  await row.getByRole('button', { name: `Supprimer ${name}` }).click()
  await page.getByRole('dialog', { name: 'Supprimer ce document ?' }).getByRole('button', { name: 'Supprimer' }).click()
  await expect(docs.getByText('Aucun document')).toBeVisible()
})

test('Vue seule sees the list and downloads, with no upload, switch or delete', async ({ page }) => {
  const asset = await newAsset(page.request)
  const name = `rapport-${asset.tag.toLowerCase()}.pdf`
  const up = await page.request.post('/api/documents', { headers: asset.headers, multipart: { kind: 'REPORT', assetId: asset.id, file: { name, mimeType: 'application/pdf', buffer: pdfBytes(asset.tag) } } })
  expect(up.status()).toBe(201)
  await page.setViewportSize(PHONE)
  await signInAs(page, 'Vue seule')
  await page.goto(`/equipements/${asset.id}`)
  const docs = section(page)
  const row = docs.getByRole('listitem').filter({ hasText: name })
  await expect(row).toContainText('Rapport')
  await expect(row.getByRole('button', { name: `Télécharger ${name}` })).toBeVisible()
  // Not a silent absence: the button stays, disabled, and says why.
  const add = docs.getByRole('button', { name: 'Ajouter un document' })
  await expect(add).toBeDisabled()
  await expect(add).toHaveAccessibleDescription('Ajouter un document demande le droit de modifier cet équipement, que votre rôle ne donne pas.')
  await expect(docs.getByRole('switch')).toHaveCount(0)
  await expect(docs.getByRole('button', { name: /^Supprimer/ })).toHaveCount(0)
  await docs.scrollIntoViewIfNeeded()
  await page.screenshot({ path: test.info().outputPath('documents-phone-readonly.png') })
  await expectAccessible(page)
})

test('a technician on a phone adds a photo to his order', async ({ page }) => {
  await page.setViewportSize(PHONE)
  const asset = await newAsset(page.request)
  const token = await signInAs(page, 'Technicien')
  const me = (await (await page.request.get('/api/users/me', { headers: { authorization: `Bearer ${token}` } })).json()) as { id: string }
  const created = await page.request.post('/api/work-orders', { headers: asset.headers, data: { assetId: asset.id, description: 'Essai e2e : photo de la cuvette.' } })
  expect(created.status()).toBe(201)
  const order = (await created.json()) as { id: string }
  expect((await page.request.put(`/api/work-orders/${order.id}/assignees`, { headers: asset.headers, data: { assigneeIds: [me.id] } })).ok()).toBe(true)

  await page.goto(`/ordres/${order.id}`)
  const docs = section(page)
  await expect(docs.getByText('Aucun document')).toBeVisible()
  await docs.getByRole('button', { name: 'Ajouter un document' }).click()
  const dialog = page.getByRole('dialog', { name: 'Ajouter un document' })
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(600 * 1024, 7)])
  await dialog.locator('input[type=file]').setInputFiles({ name: 'cuvette.png', mimeType: 'image/png', buffer: png })
  await dialog.getByLabel('Type de document', { exact: true }).click()
  await page.getByRole('option', { name: 'Photo' }).click()
  // A slow phone network (200 Ko/s up): the progress bar moves while the photo goes.
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 50, downloadThroughput: -1, uploadThroughput: 200 * 1024 })
  await dialog.getByRole('button', { name: 'Envoyer' }).click()
  const bar = dialog.getByRole('progressbar', { name: 'Progression de l’envoi' })
  await expect(bar).toBeVisible()
  await page.screenshot({ path: test.info().outputPath('documents-phone-progress.png') })
  await expect(dialog).toBeHidden()
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 })
  const row = docs.getByRole('listitem').filter({ hasText: 'cuvette.png' })
  await expect(row).toContainText('Photo · 600 Ko')
  // A photo is not read by the assistant unless someone says so.
  await expect(row.getByRole('switch')).not.toBeChecked()
  await expectAccessible(page)
  expect((await page.request.post(`/api/work-orders/${order.id}/transition`, { headers: asset.headers, data: { to: 'CANCELLED', reason: 'Essai e2e terminé.' } })).ok()).toBe(true)
})

test('a long list says more follow and loads them', async ({ page }) => {
  const asset = await newAsset(page.request)
  for (let i = 0; i < 51; i++) {
    const up = await page.request.post('/api/documents', { headers: asset.headers, multipart: { kind: 'PHOTO', assetId: asset.id, file: { name: `photo-${i}.pdf`, mimeType: 'application/pdf', buffer: pdfBytes(`${asset.tag}-${i}`) } } })
    expect(up.status()).toBe(201)
  }
  await signInAs(page, 'Vue seule')
  await page.goto(`/equipements/${asset.id}`)
  const docs = section(page)
  await expect(docs.getByRole('heading', { name: 'Documents (50+)' })).toBeVisible()
  await expect(docs.getByRole('listitem')).toHaveCount(50)
  await docs.getByRole('button', { name: 'Charger plus' }).click()
  await expect(docs.getByRole('listitem')).toHaveCount(51)
  await expect(docs.getByRole('heading', { name: 'Documents (51)' })).toBeVisible()
  await expect(docs.getByRole('button', { name: 'Charger plus' })).toHaveCount(0)
  await expect(docs.getByRole('listitem').last()).toContainText('photo-0.pdf')
})
