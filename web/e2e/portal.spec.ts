// The public portal (no account, phone first) and the guardian's journey through to the
// dispatcher's list. Each test reports on its own elevator so that parallel journeys (and the
// other features' specs) never read each other's requests.
import { demoToken, expect, expectAccessible, PHONE, signInAs, test } from './fixtures'

const DESKTOP = { width: 1280, height: 800 }

test('a guardian reports a trapped person on a phone; the dispatcher sees it first and assigns Karim Benali; he works the order on his phone; the tracking page follows to « Résolu »', async ({ page }) => {
  // Three people, a dozen pages and accessibility passes, on a machine shared with other runs.
  test.setTimeout(300_000)
  // The guardian scans the QR code of LYO-PD-B1 (Résidence Part-Dieu): no account, a phone.
  await page.setViewportSize(PHONE)
  await page.goto('/p/LYO-PD-B1')
  await expect(page.getByRole('heading', { name: 'LYO-PD-B1' })).toBeVisible()
  await expect(page.getByText('Résidence Part-Dieu')).toBeVisible()
  await expectAccessible(page)
  const description = `Ma voisine est coincée entre le 3e et le 4e étage (${Date.now()})`
  await page.getByRole('switch', { name: /Personne bloquée dans la cabine/ }).check()
  await page.getByLabel('Que se passe-t-il ?').fill(description)
  await page.getByLabel('Votre nom').fill('Mme Kaci (gardienne)')
  await page.getByLabel('Votre téléphone').fill('06 12 34 56 78')
  await page.getByRole('button', { name: 'Envoyer le signalement' }).click()

  // The page becomes the tracking page: its address is the link, shown to be kept.
  await expect(page).toHaveURL(/\/suivi\/DEM-\d{6,}\/[A-Za-z0-9_-]{20,}$/)
  await expect(page.getByRole('heading', { name: 'Signalement envoyé' })).toBeVisible()
  const trackingPath = new URL(page.url()).pathname
  const reference = trackingPath.split('/')[2]
  await expect(page.getByRole('link', { name: `${new URL(page.url()).origin}${trackingPath}` })).toBeVisible()
  await expect(page.getByRole('heading', { name: reference })).toBeVisible()
  await expect(page.getByRole('status')).toHaveText('État : Reçu')
  await expect(page.getByRole('listitem').filter({ hasText: 'Reçu' })).toHaveAttribute('aria-current', 'step')
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
  await expectAccessible(page)
  await page.screenshot({ path: 'test-results/portal-sent-phone.png', fullPage: true })
  // A refresh keeps the page; Back does not return to a blank form (the report replaced it in
  // the history), and Forward comes back to the link.
  await page.reload()
  await expect(page.getByRole('status')).toHaveText('État : Reçu')
  await page.goBack()
  expect(page.url()).not.toContain('/p/LYO-PD-B1')
  await page.goForward()
  await expect(page).toHaveURL(new RegExp(`${trackingPath}$`))
  await expect(page.getByRole('status')).toHaveText('État : Reçu')

  // The dispatcher, at a desk: the report is in the leading group of trapped persons…
  await signInAs(page, 'Dispatcher')
  await page.setViewportSize(DESKTOP)
  await page.goto('/demandes?status=PENDING')
  const rows = page.getByRole('table', { name: 'Demandes' }).locator('tbody tr')
  await expect(rows.filter({ hasText: reference })).toHaveCount(1)
  const texts = await rows.allTextContents()
  const mine = texts.findIndex((t) => t.includes(reference))
  expect(texts.slice(0, mine + 1).every((t) => t.includes('Personne bloquée'))).toBe(true)
  // …and first of its site's requests, with where it came from and how to call back.
  await page.getByRole('combobox', { name: 'Site' }).click()
  await page.getByRole('option', { name: 'Résidence Part-Dieu' }).click()
  await expect(page).toHaveURL(/siteId=/)
  await expect(rows.first()).toContainText(reference)
  await expect(rows.first()).toContainText('Portail')
  await expect(rows.first()).toContainText('06 12 34 56 78')
  await expectAccessible(page)

  await rows.first().getByRole('button', { name: `Accepter ${reference}` }).click()
  const dialog = page.getByRole('dialog', { name: 'Accepter la demande' })
  await expect(dialog.getByRole('combobox', { name: 'Priorité' })).toHaveValue('Urgente')
  await dialog.getByRole('combobox', { name: 'Intervenants' }).click()
  await page.getByRole('option', { name: 'Karim Benali' }).click()
  // The list of people stays open for more picks: closed by clicking elsewhere in the dialog.
  await dialog.getByText('Un ordre de travail de dépannage est créé sur cet ascenseur.').click()
  await expect(dialog.getByText('Karim Benali')).toBeVisible()
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Accepter et créer l’ordre' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByText(new RegExp(`Demande ${reference} acceptée : ordre de travail OT-\\d+ créé`))).toBeVisible()
  // No longer pending: out of this list, found by its reference with its order.
  await expect(rows.filter({ hasText: reference })).toHaveCount(0)
  await page.goto(`/demandes?q=${reference}`)
  const row = rows.filter({ hasText: reference })
  await expect(row).toContainText('Acceptée')
  const orderLink = row.getByRole('link', { name: /^OT-\d{6,} · Ouvert$/ })
  await expect(orderLink).toBeVisible()

  const orderReference = (await orderLink.textContent())!.split(' ')[0]
  const orderPath = (await orderLink.getAttribute('href'))!

  // The order is OPEN with Karim Benali assigned: « Pris en charge », by « un technicien », unnamed.
  await expectProgress(page, trackingPath, 'Pris en charge', 'Reçu')
  await expect(page.getByText('Un technicien est chargé de votre signalement.')).toBeVisible()
  await expect(page.getByText(/Karim|Benali/)).toHaveCount(0)

  // Karim Benali, on his phone: the order is in today's work on his dashboard.
  await page.evaluate((t) => localStorage.setItem('palier.session', t), await demoToken(page.request, 'Technicien'))
  await page.setViewportSize(PHONE)
  await page.goto('/')
  await page.getByRole('region', { name: 'À faire aujourd’hui' }).getByRole('link', { name: orderReference }).click()
  await expect(page).toHaveURL(orderPath)
  await expect(page.getByRole('heading', { level: 1, name: orderReference })).toBeVisible({ timeout: 30_000 })
  await page.getByRole('button', { name: 'Démarrer' }).click()
  await expect(page.getByRole('button', { name: 'Démarrer' })).toHaveCount(0)
  // Started: the technician is on site.
  await expectProgress(page, trackingPath, 'Technicien sur place', 'Intervention')

  await page.goto(orderPath)
  await expect(page.getByRole('heading', { level: 1, name: orderReference })).toBeVisible({ timeout: 30_000 })
  // An order born of a request has no checklist (tasks come from preventive templates): any
  // task there is ticked, none is expected.
  const todo = page.getByRole('list', { name: 'Tâches de la liste de contrôle' }).getByRole('button', { name: /À faire$/ })
  while (await todo.count() > 0) await todo.first().click()
  for (const field of ['Constat', 'Organe', 'Cause', 'Action', 'Résultat', 'Circonstance']) {
    await page.getByRole('combobox', { name: field, exact: true }).click()
    await page.getByRole('option').first().click()
  }
  await page.getByRole('button', { name: 'Enregistrer le rapport' }).click()
  await expect(page.getByText(/empêchen?t de terminer l’ordre :/)).toHaveCount(0)
  // A trapped person: closing asks when the person was freed (left empty: at the end).
  await page.getByRole('button', { name: 'Terminer' }).click()
  await page.getByRole('dialog', { name: 'Terminer l’ordre' }).getByRole('button', { name: 'Terminer l’ordre' }).click()
  await expect(page.getByText('Terminé', { exact: true }).first()).toBeVisible()

  await expectProgress(page, trackingPath, 'Résolu', 'Résolu')
  const steps = page.getByRole('list', { name: 'Avancement' }).getByRole('listitem')
  await expect(steps).toHaveCount(4)
  for (const [i, label] of ['Reçu', 'Pris en charge', 'Technicien sur place', 'Résolu'].entries()) {
    await expect(steps.nth(i)).toContainText(label)
    await expect(steps.nth(i)).toContainText('étape franchie')
    // Each reached step says when, in the app's one format (« 28/11/2026 10:42 »).
    await expect(steps.nth(i)).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/)
  }
  await expect(page.getByText(/Karim|Benali/)).toHaveCount(0)
  await expectAccessible(page)
  await page.screenshot({ path: 'test-results/portal-resolved-phone.png', fullPage: true })
})

/** The tracking page is at the step `current` (the API's dated steps agree) and the API's
 * three-step progress still reads `progress`. */
async function expectProgress(page: import('@playwright/test').Page, trackingPath: string, current: string, progress: string) {
  const api = await (await page.request.get(`/api${trackingPath.replace('/suivi/', '/portal/requests/')}`)).json() as { label: string; steps: { label: string; at: string | null }[] }
  expect(api.label).toBe(progress)
  expect(api.steps.findLast((s) => s.at !== null)?.label).toBe(current)
  await page.goto(trackingPath)
  await expect(page.getByRole('status')).toHaveText(`État : ${current}`)
  await expect(page.getByRole('listitem').filter({ hasText: current })).toContainText(/étape (en cours|franchie)/)
}

test('someone trapped: the report goes without typed text and lands on its tracking page', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await page.goto('/p/NAN-IC-2B')
  await page.getByRole('switch', { name: /Personne bloquée dans la cabine/ }).check()
  await expect(page.getByText('Facultatif : vous pouvez envoyer tout de suite.')).toBeVisible()
  await page.getByRole('button', { name: 'Envoyer le signalement' }).click()
  await expect(page).toHaveURL(/\/suivi\/DEM-\d{6,}\//)
  const reference = new URL(page.url()).pathname.split('/')[2]
  await expect(page.getByRole('heading', { name: 'Signalement envoyé' })).toBeVisible()
  await expect(page.getByRole('alert').filter({ hasText: 'Personne bloquée' })).toContainText('Un technicien est envoyé en urgence')
  await expect(page.getByRole('status')).toHaveText('État : Reçu')
  await expectAccessible(page)
  // Without the switch a description is still asked for.
  await page.goto('/p/NAN-IC-2B')
  await page.getByRole('button', { name: 'Envoyer le signalement' }).click()
  await expect(page.getByText('Décrivez ce que vous constatez.')).toBeVisible()
  await expect(page).toHaveURL(/\/p\/NAN-IC-2B$/)

  // Tidy up: this test's trapped person must not lead the other journeys' request lists.
  const token = await demoToken(page.request, 'Dispatcher')
  const headers = { authorization: `Bearer ${token}` }
  const found = await (await page.request.get(`/api/requests?q=${reference}`, { headers })).json() as { requests: { id: string; reference: string }[] }
  const id = found.requests.find((r) => r.reference === reference)!.id
  expect((await page.request.post(`/api/requests/${id}/reject`, { headers, data: { reason: 'Essai du portail' } })).status()).toBe(200)
})

test('an elevator reference that does not exist shows « introuvable », so does a wrong tracking link', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await page.goto('/p/NEXISTE-PAS-42')
  await expect(page.getByRole('heading', { name: 'Ascenseur introuvable' })).toBeVisible()
  await expect(page.getByText('Aucun ascenseur ne porte cette référence')).toBeVisible()
  await expect(page.getByRole('button', { name: 'Envoyer le signalement' })).toHaveCount(0)
  await expectAccessible(page)
  await page.goto('/suivi/DEM-000001/ceci-nest-pas-le-bon-jeton')
  await expect(page.getByRole('heading', { name: 'Signalement introuvable' })).toBeVisible()
})

test('too many reports: the form shows the API’s own message and keeps what was typed', async ({ page }) => {
  // Exhausting the real limit (10 a minute per address) would refuse the other journeys'
  // reports for a minute: the API's 429 answer is replayed instead, word for word.
  const message = 'Trop de signalements envoyés depuis votre connexion : merci de réessayer dans une minute.'
  await page.route('**/api/portal/requests', (route) => route.fulfill({
    status: 429, headers: { 'retry-after': '60' }, json: { error: { code: 'RATE_LIMITED', message }, requestId: 'e2e' },
  }))
  await page.setViewportSize(PHONE)
  await page.goto('/p/NAN-IC-2B')
  await page.getByLabel('Que se passe-t-il ?').fill('Bruit anormal au démarrage')
  await page.getByRole('button', { name: 'Envoyer le signalement' }).click()
  await expect(page.getByRole('alert')).toContainText(message)
  await expect(page.getByLabel('Que se passe-t-il ?')).toHaveValue('Bruit anormal au démarrage')
})

test('a report closed without action shows « Sans suite » and the reason on its tracking page', async ({ page }) => {
  test.slow() // several pages and accessibility passes on a machine shared with other runs
  const created = await (await page.request.post('/api/portal/requests', {
    data: { reference: 'BDX-CHA-H2', description: `Affichage d’étage éteint (${Date.now()})`, personBlocked: false },
  })).json() as { reference: string; trackingToken: string }
  await signInAs(page, 'Dispatcher')
  await page.goto(`/demandes?q=${created.reference}`)
  await page.getByRole('button', { name: `Classer ${created.reference} sans suite` }).click()
  await page.getByRole('dialog').getByLabel('Raison').fill('Déjà réparé lors de la visite de ce matin.')
  await page.getByRole('dialog').getByRole('button', { name: 'Classer sans suite' }).click()
  await expect(page.getByRole('dialog')).toBeHidden()

  await page.setViewportSize(PHONE)
  await page.goto(`/suivi/${created.reference}/${created.trackingToken}`)
  await expect(page.getByRole('status')).toHaveText('État : Sans suite')
  await expect(page.getByText('Déjà réparé lors de la visite de ce matin.')).toBeVisible()
  await expect(page.getByRole('list', { name: 'Avancement' })).toHaveCount(0)
  await expectAccessible(page)
})
