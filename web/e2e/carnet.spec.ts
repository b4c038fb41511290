// The elevator's legal record in print (issue 18 §4, §5): the carnet d'entretien of an
// elevator and the owner's annual report of a site, each printed to PDF by Chromium and read
// back: the running header on every page, the page numbers, the entries, no app chrome.
import { extractText, getDocumentProxy } from 'unpdf'
import type { APIRequestContext, Page } from '@playwright/test'
import { demoToken, expect, expectAccessible, PHONE, signInAs, test } from './fixtures'

test.describe.configure({ timeout: 120_000 })

/** The text of each page of the page as Chromium prints it (A4, the page's own @page). */
async function printedPages(page: Page): Promise<string[]> {
  const pdf = await page.pdf({ format: 'A4', preferCSSPageSize: true })
  const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: false })
  return (text as string[]).map((t) => t.replace(/\s+/g, ' '))
}

async function assetByReference(request: APIRequestContext, token: string, reference: string) {
  const res = await request.get(`/api/assets?q=${reference}`, { headers: { authorization: `Bearer ${token}` } })
  return ((await res.json()) as { assets: { id: string; reference: string; siteName: string }[] }).assets.find((a) => a.reference === reference)!
}

const KIND: Record<string, string> = { VISIT: 'Visite d’entretien', BREAKDOWN: 'Dépannage', CONTROL: 'Contrôle', WORKS: 'Travaux' }

test('the carnet of an elevator, from its page: a callback and a slow release shown, printed with its header and page numbers on every page', async ({ page }) => {
  const token = await signInAs(page, 'Dispatcher')
  const asset = await assetByReference(page.request, token, 'PAR-BAT-T1')
  await page.goto(`/equipements/${asset.id}`)
  await page.getByRole('link', { name: 'Carnet d’entretien' }).click()
  await expect(page).toHaveURL(new RegExp(`/equipements/${asset.id}/carnet$`))
  await expect(page.getByRole('heading', { name: 'Carnet d’entretien de l’ascenseur PAR-BAT-T1' })).toBeVisible()
  await expect(page.getByText(/Rappel \(panne de OT-\d+\)/).first()).toBeVisible()
  await expect(page.getByText(/libérée à .* 1 h \d{2} min après l’appel/).first()).toBeVisible()
  await expectAccessible(page)

  // What the page shows is the API's carnet of the last twelve months, entry for entry.
  const url = new URL(page.url())
  expect(url.search).toBe('')
  const today = new Date()
  const from = new Date(Date.UTC(today.getUTCFullYear() - 1, today.getUTCMonth(), today.getUTCDate() + 1)).toISOString().slice(0, 10)
  const res = await page.request.get(`/api/assets/${asset.id}?from=${from}&to=${today.toISOString().slice(0, 10)}`, { headers: { authorization: `Bearer ${token}` } })
  const { logbook } = (await res.json()) as { logbook: { entries: { reference: string; kind: string }[] } }
  expect(logbook.entries.length).toBeGreaterThan(5)
  await expect(page.locator('[data-entry]')).toHaveCount(logbook.entries.length)

  const pages = await printedPages(page)
  expect(pages.length).toBeGreaterThan(1)
  pages.forEach((text, i) => {
    expect(text, `page ${i + 1}`).toContain('Carnet d’entretien — PAR-BAT-T1')
    expect(text, `page ${i + 1}`).toContain(`Page ${i + 1} sur ${pages.length}`)
    expect(text, `page ${i + 1}`).toContain('Édité par Palier le')
    expect(text, `page ${i + 1}`).not.toContain('Tableau de bord')
    expect(text, `page ${i + 1}`).not.toContain('12 derniers mois')
  })
  // Each entry whole on one page: its head and its technicians' line are printed together.
  for (const e of logbook.entries) {
    const head = `${KIND[e.kind]} ${e.reference}`
    const on = pages.findIndex((t) => t.includes(head))
    expect(on, head).toBeGreaterThanOrEqual(0)
    const rest = pages[on]!.slice(pages[on]!.indexOf(head))
    const next = logbook.entries[logbook.entries.indexOf(e) + 1]
    const end = next ? rest.indexOf(`${KIND[next.kind]} ${next.reference}`) : -1
    expect((end >= 0 ? rest.slice(0, end) : rest), head).toContain('Intervenants :')
  }
})

test('the carnet of an elevator whose inspection is overdue: its periodic operations and the two open findings, on screen and printed', async ({ page }) => {
  const token = await signInAs(page, 'Dispatcher')
  const asset = await assetByReference(page.request, token, 'PAR-VAU-E3')
  await page.goto(`/equipements/${asset.id}/carnet`)
  await expect(page.getByRole('heading', { name: 'Carnet d’entretien de l’ascenseur PAR-VAU-E3' })).toBeVisible()
  const operations = page.locator('[data-section="periodic-operations"]')
  await expect(operations.getByRole('heading', { name: /^Opérations périodiques \(\d+\)$/ })).toBeVisible()
  await expect(operations.locator('[data-operation="Frein de la machine"]').first()).toContainText('Périodicité semestrielle')
  const inspections = page.locator('[data-section="inspections"]')
  await expect(inspections).toContainText('— en retard.')
  await expect(inspections.locator('[data-finding]')).toHaveCount(2)
  await expect(inspections.locator('[data-finding]').first()).toContainText('non levée à ce jour')
  await expect(page.getByText('0 levée sur la période, 2 non levées en fin de période')).toBeVisible()
  await expectAccessible(page)

  const printed = (await printedPages(page)).join(' ')
  expect(printed).toContain('Opérations périodiques')
  expect(printed).toContain('Frein de la machine')
  expect(printed).toContain('Contrôles techniques et observations')
  expect(printed).toContain('éclairage de la cuvette insuffisant, à remplacer. — non levée à ce jour')
  expect(printed).toContain('protection de la poulie de renvoi manquante en gaine. — non levée à ce jour')
  expect(printed).toContain('0 levée sur la période, 2 non levées en fin de période')
})

test('the carnet on a phone: the period chosen, an impossible one refused, no horizontal scroll', async ({ page }) => {
  await page.setViewportSize(PHONE)
  const token = await signInAs(page, 'Technicien')
  const asset = await assetByReference(page.request, token, 'PAR-BAT-T1')
  await page.goto(`/equipements/${asset.id}/carnet?du=2026-02-01&au=2026-01-01`)
  await expect(page.getByRole('status')).toContainText('Le dernier jour précède le premier.')
  await page.getByRole('button', { name: '12 derniers mois' }).click()
  await expect(page.getByRole('heading', { name: 'Carnet d’entretien de l’ascenseur PAR-BAT-T1' })).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
  await expectAccessible(page)
})

test('a Demandeur opens her site’s annual report from the sites page on her phone and prints it; another site’s elevators are not hers', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await signInAs(page, 'Demandeur')
  await page.goto('/sites')
  const link = page.getByRole('link', { name: /^Rapport annuel — / }).first()
  const siteName = (await link.getAttribute('aria-label'))!.replace('Rapport annuel — ', '')
  await link.click()
  const year = new Date().getFullYear()
  await expect(page.getByRole('heading', { name: `Rapport annuel d’activité ${year} — ${siteName}` })).toBeVisible()
  const elevators = page.locator('[data-asset]')
  await expect(elevators.first()).toBeVisible()
  const references = await elevators.evaluateAll((els) => els.map((e) => e.getAttribute('data-asset')!))
  await expect(page.getByText('Visites d’entretien', { exact: true }).first()).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
  await expectAccessible(page)

  const pages = await printedPages(page)
  pages.forEach((text, i) => {
    expect(text, `page ${i + 1}`).toContain(`Rapport annuel d’activité ${year} ${siteName}`)
    expect(text, `page ${i + 1}`).toContain(`Page ${i + 1} sur ${pages.length}`)
    expect(text, `page ${i + 1}`).not.toContain('Tableau de bord')
  })
  const all = pages.join(' ')
  for (const r of references) expect(all).toContain(r)

  // Batignolles is not one of her sites: its report lists none of its elevators.
  const admin = await demoToken(page.request, 'Administrateur')
  const batignolles = await assetByReference(page.request, admin, 'PAR-BAT-T1')
  const detail = await (await page.request.get(`/api/assets/${batignolles.id}`, { headers: { authorization: `Bearer ${admin}` } })).json() as { siteId: string }
  await page.goto(`/sites/${detail.siteId}/rapport-annuel?annee=${year - 1}`)
  await expect(page.getByText('Aucun équipement sur ce site')).toBeVisible()
})

test('the annual report of a site for a past year, chosen by its address: one section per elevator with the year’s figures', async ({ page }) => {
  const token = await signInAs(page, 'Gestionnaire')
  const asset = await assetByReference(page.request, token, 'PAR-BAT-T1')
  const detail = await (await page.request.get(`/api/assets/${asset.id}`, { headers: { authorization: `Bearer ${token}` } })).json() as { siteId: string }
  const year = new Date().getFullYear() - 1
  await page.goto(`/sites/${detail.siteId}/rapport-annuel?annee=${year}`)
  await expect(page.getByRole('heading', { name: `Rapport annuel d’activité ${year} — Tour Batignolles` })).toBeVisible()
  await expect(page.getByText(`Période du 1er janvier ${year} au 31 décembre ${year}.`)).toBeVisible()
  await expect(page.locator('[data-asset="PAR-BAT-T1"]')).toContainText('Rappels sous 30 jours')
  await expect(page.locator('[data-asset="PAR-BAT-T1"]')).toContainText('Opérations périodiques faites')
  await expect(page.locator('[data-asset="PAR-BAT-T1"]')).toContainText('Contrôle technique en fin de période')
  await expectAccessible(page)
})
