import type { Browser, Page } from '@playwright/test'
import { expect, expectAccessible, PHONE, signInAs, test } from './fixtures'

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`

/** Fills the invitation form; the role is picked among the API's roles. */
async function invite(page: Page, { name, email, role, rate }: { name: string; email: string; role: string; rate?: string }) {
  await page.getByRole('button', { name: 'Inviter une personne' }).click()
  const dialog = page.getByRole('dialog', { name: 'Inviter une personne' })
  await dialog.getByLabel('Nom complet').fill(name)
  await dialog.getByLabel('Adresse e-mail').fill(email)
  await dialog.getByRole('combobox', { name: 'Rôle' }).click()
  await page.getByRole('option', { name: role, exact: true }).click()
  if (rate) await dialog.getByLabel('Taux horaire').fill(rate)
  await dialog.getByRole('button', { name: 'Inviter', exact: true }).click()
}

/** Opens the link as the invited person would: another browser, nobody signed in. */
async function openLink(browser: Browser, baseURL: string | undefined, link: string) {
  const context = await browser.newContext({ baseURL, locale: 'fr-FR', timezoneId: 'Europe/Paris' })
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(String(e)))
  await page.goto(link)
  return { page, context, errors }
}

async function setPassword(page: Page, password: string, confirmation = password) {
  await page.getByLabel('Nouveau mot de passe').fill(password)
  await page.getByLabel('Confirmez le mot de passe').fill(confirmation)
  await page.getByRole('button', { name: 'Activer mon compte' }).click()
}

test('an administrator invites a technician, whose link opens the account in another browser, once', async ({ page, context, browser, baseURL }) => {
  test.slow() // two browsers and a dozen steps on a shared service
  await context.grantPermissions(['clipboard-read', 'clipboard-write'])
  await signInAs(page, 'Administrateur')
  await page.goto('/administration')
  await expect(page).toHaveURL(/\/administration\/utilisateurs$/)
  await expect(page.getByRole('table', { name: 'Utilisateurs' })).toBeVisible({ timeout: 30_000 })
  await expectAccessible(page)

  const id = unique()
  const name = `Noé Technicien ${id}`
  const email = `noe.${id}@e2e.palier.fr`
  await invite(page, { name, email, role: 'Technicien', rate: '48,50' })
  const created = page.getByRole('dialog', { name: 'Invitation créée' })
  await expect(created).toContainText(name)
  await created.getByRole('button', { name: 'Copier le lien' }).click()
  await expect(created.getByRole('button', { name: 'Lien copié' })).toBeVisible()
  const link = await page.evaluate(() => navigator.clipboard.readText())
  expect(link).toMatch(/\/activate\?token=[A-Za-z0-9_-]{10,}$/)
  await expect(created.getByLabel('Lien d’activation')).toHaveValue(link)
  await created.getByRole('button', { name: 'Fermer' }).first().click()

  // Listed as invited, with the rate typed in euros stored in cents and shown back in euros.
  await page.getByLabel('Rechercher').fill(id)
  const row = page.getByRole('row', { name: new RegExp(name) })
  await expect(row).toContainText('Invité')
  await expect(row).toContainText(/48,50\s€/)

  // The person opens the link elsewhere: the token leaves the address bar, the password is set, signed in.
  const first = await openLink(browser, baseURL, link)
  await expect(first.page.getByRole('heading', { name: 'Activation du compte' })).toBeVisible()
  await expect(first.page).toHaveURL(/\/activate$/)
  await expectAccessible(first.page)
  await setPassword(first.page, '         ')
  await expect(first.page.getByText('Le mot de passe ne peut pas être fait uniquement d’espaces.')).toBeVisible()
  await setPassword(first.page, 'ascenseur-2026', 'ascenseur-2027')
  await expect(first.page.getByText('Les deux mots de passe ne correspondent pas.')).toBeVisible()
  await setPassword(first.page, 'ascenseur-2026')
  await expect(first.page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible()
  await expect(first.page.getByText(`Bonjour ${name.split(' ')[0]}`, { exact: true })).toBeVisible()
  await first.page.getByRole('button', { name: 'Mon compte' }).click()
  await expect(first.page.getByRole('menu')).toContainText(email)
  expect(first.page.url()).not.toContain('token')
  expect(first.errors).toEqual([])
  await first.context.close()

  // The same link a second time: the API's refusal, and what to do about it.
  const second = await openLink(browser, baseURL, link)
  await setPassword(second.page, 'un-autre-mot-de-passe')
  const refusal = second.page.getByTestId('activation-refused')
  await expect(refusal).toContainText('Lien d\'activation invalide, expiré ou déjà utilisé.')
  await expect(refusal).toContainText('Demandez à votre administrateur de vous envoyer une nouvelle invitation.')
  await expect(second.page.getByRole('heading', { name: 'Tableau de bord' })).toHaveCount(0)
  await second.context.close()

  // Back at the administrator's: the account is now active.
  await page.reload()
  await page.getByLabel('Rechercher').fill(id)
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Actif')
})

test('resending an invitation gives a new link and the previous one stops working', async ({ page, browser, baseURL }) => {
  await signInAs(page, 'Administrateur')
  await page.goto('/administration/utilisateurs')
  await expect(page.getByRole('table', { name: 'Utilisateurs' })).toBeVisible({ timeout: 30_000 })
  const id = unique()
  const name = `Iris Vue ${id}`
  await invite(page, { name, email: `iris.${id}@e2e.palier.fr`, role: 'Vue seule' })
  const firstLink = await page.getByRole('dialog', { name: 'Invitation créée' }).getByLabel('Lien d’activation').inputValue()
  await page.getByRole('dialog', { name: 'Invitation créée' }).getByRole('button', { name: 'Fermer' }).first().click()

  await page.getByLabel('Rechercher').fill(id)
  await page.getByRole('button', { name: `Actions pour ${name}` }).click()
  await page.getByRole('menuitem', { name: 'Renvoyer l’invitation' }).click()
  await page.getByRole('button', { name: 'Créer le lien' }).click()
  const renewed = page.getByRole('dialog', { name: 'Nouveau lien d’activation' })
  const secondLink = await renewed.getByLabel('Lien d’activation').inputValue()
  expect(secondLink).not.toBe(firstLink)

  const stale = await openLink(browser, baseURL, firstLink)
  await setPassword(stale.page, 'mot-de-passe-solide')
  await expect(stale.page.getByTestId('activation-refused')).toContainText('invalide, expiré ou déjà utilisé')
  await stale.context.close()
})

test('a forgotten password: the administrator resets it, the old one stops working, the new link sets another', async ({ page, browser, baseURL }) => {
  test.slow() // two browsers on a shared service
  await signInAs(page, 'Administrateur')
  await page.goto('/administration/utilisateurs')
  await expect(page.getByRole('table', { name: 'Utilisateurs' })).toBeVisible({ timeout: 30_000 })
  const id = unique()
  const name = `Léa Oubli ${id}`
  const email = `lea.${id}@e2e.palier.fr`
  await invite(page, { name, email, role: 'Technicien' })
  const invitation = page.getByRole('dialog', { name: 'Invitation créée' })
  const link = await invitation.getByLabel('Lien d’activation').inputValue()
  await invitation.getByRole('button', { name: 'Fermer' }).first().click()
  const person = await openLink(browser, baseURL, link)
  await setPassword(person.page, 'ancien-mot-de-passe')
  await expect(person.page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible()
  await person.context.close()

  await page.reload()
  await page.getByLabel('Rechercher').fill(id)
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Actif')
  await page.getByRole('button', { name: `Actions pour ${name}` }).click()
  await page.getByRole('menuitem', { name: 'Réinitialiser le mot de passe' }).click()
  await page.getByRole('button', { name: 'Réinitialiser', exact: true }).click()
  const reset = page.getByRole('dialog', { name: 'Mot de passe réinitialisé' })
  await expect(reset).toContainText('l’ancien ne fonctionne plus')
  await expectAccessible(page)
  const resetLink = await reset.getByLabel('Lien d’activation').inputValue()
  expect(resetLink).not.toBe(link)
  await reset.getByRole('button', { name: 'Fermer' }).first().click()
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Invité')

  // The login page says whom to ask; the old password is refused.
  const login = await openLink(browser, baseURL, '/login')
  await expect(login.page.getByText('Mot de passe oublié ?')).toBeVisible()
  await login.page.getByLabel('Adresse e-mail').fill(email)
  await login.page.getByRole('textbox', { name: 'Mot de passe' }).fill('ancien-mot-de-passe')
  await login.page.getByRole('button', { name: 'Se connecter' }).click()
  await expect(login.page.getByRole('alert')).toBeVisible()
  await login.context.close()

  const renewed = await openLink(browser, baseURL, resetLink)
  await setPassword(renewed.page, 'nouveau-mot-de-passe')
  await expect(renewed.page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible()
  expect(renewed.errors).toEqual([])
  await renewed.context.close()
})

test('a Gestionnaire manages people but the API refuses a role giving rights it lacks, in its own words', async ({ page }) => {
  await signInAs(page, 'Gestionnaire')
  await page.goto('/administration/utilisateurs')
  await expect(page.getByRole('table', { name: 'Utilisateurs' })).toBeVisible({ timeout: 30_000 })
  const id = unique()
  await invite(page, { name: `Refus ${id}`, email: `refus.${id}@e2e.palier.fr`, role: 'Technicien' })
  await expect(page.getByText('Vous ne pouvez pas attribuer le rôle Technicien : il donne des droits que votre rôle n\'a pas.')).toBeVisible()
  // Nothing was created: the form is still open and nobody by that name is listed.
  await expect(page.getByRole('dialog', { name: 'Inviter une personne' })).toBeVisible()
  await page.getByRole('dialog', { name: 'Inviter une personne' }).getByRole('button', { name: 'Annuler' }).click()
  await page.getByLabel('Rechercher').fill(id)
  await expect(page.getByText('Aucune personne ne correspond')).toBeVisible()
})

test('Vue seule reads people and teams but is offered no action', async ({ page }) => {
  await signInAs(page, 'Vue seule')
  await page.goto('/administration/utilisateurs')
  await expect(page.getByRole('table', { name: 'Utilisateurs' })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('button', { name: 'Inviter une personne' })).toHaveCount(0)
  await expect(page.getByRole('button', { name: /^Actions pour/ })).toHaveCount(0)
  await page.getByRole('link', { name: 'Équipes' }).click()
  await expect(page.getByRole('heading', { name: 'Équipe Lyon' })).toBeVisible()
  await expect(page.getByRole('button', { name: /Nouvelle équipe|Modifier/ })).toHaveCount(0)
  for (const section of ['Partenaires', 'Catégories', 'Vocabulaire', 'Lieux']) {
    await page.getByRole('link', { name: section }).click()
    await expect(page.getByRole('table').first()).toBeVisible()
    await expect(page.getByRole('button', { name: /Ajouter|Nouveau|Nouvelle|Désactiver|Réactiver|Modifier|Renommer/ })).toHaveCount(0)
  }
})

test('a Technicien sees only the sections its rights open, and nothing to change', async ({ page }) => {
  await signInAs(page, 'Technicien')
  await page.goto('/administration/partenaires')
  await expect(page.getByText('Rubrique non accessible')).toBeVisible({ timeout: 30_000 })
  const nav = page.getByRole('navigation', { name: 'Rubriques d’administration' })
  await expect(nav.getByRole('link')).toHaveText(['Utilisateurs', 'Équipes', 'Catégories', 'Vocabulaire', 'Lieux'])
})

test('the administrator adds a report value, renames it and deactivates it', async ({ page }) => {
  await signInAs(page, 'Administrateur')
  await page.goto('/administration/vocabulaire')
  await page.getByRole('tab', { name: /^Cause/ }).click({ timeout: 30_000 })
  const label = `Usure prématurée ${unique()}`
  await page.getByLabel('Nouvelle valeur : Cause').fill(label)
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click()
  const row = page.getByRole('row', { name: new RegExp(label) })
  await expect(row).toContainText('Active')
  await page.getByLabel('Nouvelle valeur : Cause').fill(label.toUpperCase())
  await page.getByRole('button', { name: 'Ajouter', exact: true }).click()
  await expect(page.getByText('Ce libellé existe déjà pour ce champ du rapport.')).toBeVisible()
  const renamed = `${label} des poulies`
  await row.getByRole('button', { name: `Renommer ${label}` }).click()
  const dialog = page.getByRole('dialog', { name: `Renommer « ${label} »` })
  await dialog.getByLabel('Libellé').fill(renamed)
  await dialog.getByRole('button', { name: 'Renommer' }).click()
  const renamedRow = page.getByRole('row', { name: new RegExp(renamed) })
  await expect(renamedRow).toContainText('Active')
  await renamedRow.getByRole('button', { name: `Désactiver ${renamed}` }).click()
  await expect(renamedRow).toContainText('Inactive')
  await renamedRow.getByRole('button', { name: `Réactiver ${renamed}` }).click()
  await expect(renamedRow).toContainText('Active')
  await renamedRow.getByRole('button', { name: `Désactiver ${renamed}` }).click()
  await expect(renamedRow).toContainText('Inactive')
})

test('the administrator creates a team with members, then changes its members', async ({ page }) => {
  await signInAs(page, 'Administrateur')
  await page.goto('/administration/equipes')
  const name = `Équipe Grenoble ${unique()}`
  await page.getByRole('button', { name: 'Nouvelle équipe' }).click({ timeout: 30_000 })
  const dialog = page.getByRole('dialog', { name: 'Nouvelle équipe' })
  await dialog.getByLabel('Nom').fill(name)
  await dialog.getByLabel('Description').fill('Isère et Savoie.')
  await dialog.getByRole('combobox', { name: 'Membres' }).click()
  await page.getByRole('option', { name: /^Thomas Lefèvre/ }).click()
  await page.getByRole('option', { name: /^Inès Garcia/ }).click()
  await page.keyboard.press('Tab') // leaving the field closes its option list
  await dialog.getByRole('button', { name: 'Créer l’équipe' }).click()
  const card = page.getByRole('article', { name })
  await expect(card).toContainText('2 membres')
  await expect(card).toContainText('Thomas Lefèvre')

  await card.getByRole('button', { name: `Modifier l’équipe ${name}` }).click()
  const edit = page.getByRole('dialog', { name: `Modifier ${name}` })
  await edit.getByRole('combobox', { name: 'Membres' }).click()
  await page.getByRole('option', { name: /^Inès Garcia/ }).click() // a chosen option toggles off
  await page.keyboard.press('Tab')
  await edit.getByRole('button', { name: 'Enregistrer' }).click()
  await expect(card).toContainText('1 membre')
  await expect(card).not.toContainText('Inès Garcia')
  // The person's own record follows: Thomas Lefèvre lists the team.
  await page.getByRole('link', { name: 'Utilisateurs' }).click()
  await expect(page.getByRole('row', { name: /Thomas Lefèvre/ })).toContainText(name)
})

test('the users page fits a phone: one card per person, nothing wider than the screen', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await signInAs(page, 'Administrateur')
  await page.goto('/administration/utilisateurs')
  await expect(page.getByRole('list', { name: 'Utilisateurs' })).toBeVisible({ timeout: 30_000 })
  await expect(page.getByRole('list', { name: 'Utilisateurs' }).getByText('Karim Benali')).toBeVisible()
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
  await expectAccessible(page)
})
