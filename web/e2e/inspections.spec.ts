// The five-yearly technical inspection (issue 18 §2): from the dispatcher's dashboard to the
// overdue elevator, recording its new inspection, the dashboard no longer listing it, and a
// finding turned into a work order whose origin says so.
import { expect, expectAccessible, PHONE, signInAs, test } from './fixtures'

const OVERDUE = 'PAR-VAU-E3'

test('an overdue inspection on the dashboard, recorded on the elevator’s page, a finding becomes an order', async ({ page }) => {
  await signInAs(page, 'Dispatcher')
  await page.goto('/')
  const overdue = page.getByRole('region', { name: 'Contrôles techniques en retard' })
  await expect(overdue.getByRole('link', { name: OVERDUE })).toBeVisible()
  await expect(page.getByRole('region', { name: 'Contrôles techniques sous 90 jours' }).getByRole('link', { name: 'NAN-IC-2B' })).toBeVisible()
  await expectAccessible(page)
  await overdue.getByRole('link', { name: OVERDUE }).click()

  const card = page.getByRole('region', { name: 'Contrôle technique (tous les cinq ans)' })
  await expect(card).toContainText('En retard')
  await expect(card).toContainText('2 observations, 2 à lever')
  await expect(page.getByRole('region', { name: 'Opérations périodiques' })).toContainText('Parachute')
  await expectAccessible(page)

  await card.getByRole('button', { name: 'Enregistrer un contrôle' }).click()
  const dialog = page.getByRole('dialog', { name: 'Enregistrer un contrôle technique' })
  await dialog.getByRole('button', { name: 'Date du contrôle' }).click()
  await page.locator('button[data-today]').click()
  await dialog.getByRole('textbox', { name: 'Organisme agréé' }).fill('Apave')
  await expectAccessible(page)
  await dialog.getByRole('button', { name: 'Enregistrer le contrôle' }).click()
  await expect(dialog).toBeHidden()
  await expect(card).toContainText('À jour')
  await expect(card.getByRole('list', { name: 'Historique des contrôles techniques' }).getByRole('listitem')).toHaveCount(2)
  await expect(card.getByRole('listitem').first()).toContainText('Apave')

  // On a phone the page keeps to the screen's width.
  await page.setViewportSize(PHONE)
  // Once the layout has followed the resize (the save's notification moves to the phone's place).
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)

  await card.getByRole('listitem').first().getByRole('button', { name: /^Nouvelle observation du contrôle du / }).click()
  const order = page.getByRole('dialog', { name: 'Observation du contrôle technique' })
  await order.getByRole('textbox', { name: 'Description' }).fill('Garde-corps du toit de cabine à compléter.')
  await expectAccessible(page)
  await order.getByRole('button', { name: 'Créer l’ordre' }).click()
  await expect(page).toHaveURL(/\/ordres\/[0-9a-f-]{36}$/)
  await expect(page.getByText('Observation du contrôle technique')).toBeVisible()

  await page.goto('/')
  await expect(page.getByRole('region', { name: 'Contrôles techniques en retard' })).toContainText('Chaque ascenseur sous contrat a été contrôlé dans les cinq ans.')
})
