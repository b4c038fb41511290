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

  await expect(page.getByRole('heading', { name: 'Signalement envoyé' })).toBeVisible()
  const reference = (await page.getByText(/^DEM-\d{6,}$/).textContent())!
  const trackingLink = page.getByRole('link', { name: /\/suivi\/DEM-/ })
  const trackingPath = new URL((await trackingLink.textContent())!).pathname
  expect(trackingPath).toMatch(new RegExp(`^/suivi/${reference}/[A-Za-z0-9_-]{20,}$`))
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)

  await page.getByRole('link', { name: 'Suivre mon signalement' }).click()
  await expect(page.getByRole('heading', { name: reference })).toBeVisible()
  await expect(page.getByRole('status')).toHaveText('État : Reçu')
  await expect(page.getByRole('listitem').filter({ hasText: 'Reçu' })).toHaveAttribute('aria-current', 'step')
  await expectAccessible(page)

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

  // The order is OPEN: the API still calls that « Reçu » (an intervention is planned).
  await expectProgress(page, trackingPath, 'Reçu')

  // Karim Benali, on his phone: the order is in today's work on his dashboard.
  await page.evaluate((t) => localStorage.setItem('palier.session', t), await demoToken(page.request, 'Technicien'))
  await page.setViewportSize(PHONE)
  await page.goto('/')
  await page.getByRole('region', { name: 'À faire aujourd’hui' }).getByRole('link', { name: orderReference }).click()
  await expect(page).toHaveURL(orderPath)
  await expect(page.getByRole('heading', { level: 1, name: orderReference })).toBeVisible({ timeout: 30_000 })
  await page.getByRole('button', { name: 'Démarrer' }).click()
  await expect(page.getByRole('button', { name: 'Démarrer' })).toHaveCount(0)
  await expectProgress(page, trackingPath, 'Intervention')

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

  await expectProgress(page, trackingPath, 'Résolu')
  await expect(page.getByRole('listitem').filter({ hasText: 'Résolu' })).toContainText('étape franchie')
  await expectAccessible(page)
})

/** The tracking page shows the progress the API gives for the report, and it is `label`. */
async function expectProgress(page: import('@playwright/test').Page, trackingPath: string, label: string) {
  const api = await (await page.request.get(`/api${trackingPath.replace('/suivi/', '/portal/requests/')}`)).json() as { label: string }
  expect(api.label).toBe(label)
  await page.goto(trackingPath)
  await expect(page.getByRole('status')).toHaveText(`État : ${api.label}`)
}

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
