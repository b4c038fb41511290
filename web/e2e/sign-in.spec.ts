import { expect, expectAccessible, test } from './fixtures'

test('the login page offers one click per demo account and opens the dashboard', async ({ page }) => {
  await page.goto('/')
  await expect(page).toHaveURL(/\/connexion/)
  await expect(page.getByRole('heading', { name: 'Connexion' })).toBeVisible()
  await expectAccessible(page)
  await page.getByRole('button', { name: /Dispatcher$/ }).click()
  await expect(page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible()
  await expect(page.getByRole('button', { name: 'Mon compte' })).toBeVisible()
})

test('a wrong password shows the API message and keeps the person on the login page', async ({ page }) => {
  await page.goto('/connexion')
  await page.getByLabel('Adresse e-mail').fill('personne@exemple.fr')
  await page.getByRole('textbox', { name: 'Mot de passe' }).fill('mauvais-mot-de-passe')
  await page.getByRole('button', { name: 'Se connecter', exact: true }).click()
  await expect(page.getByRole('alert')).toContainText(/incorrect|invalide/i)
  await expect(page).toHaveURL(/\/connexion/)
})

test('a page asked for without a session opens after signing in, and sign-out forgets the token and the browser’s kept answers', async ({ page }) => {
  await page.goto('/ordres?status=OPEN')
  await expect(page).toHaveURL(/\/connexion\?retour=/)
  await page.getByRole('button', { name: /Administrateur$/ }).click()
  await expect(page).toHaveURL(/\/ordres\?status=OPEN$/)
  await page.getByRole('button', { name: 'Mon compte' }).click()
  const cleared = page.waitForResponse((r) => r.url().endsWith('/signed-out'))
  await page.getByRole('menuitem', { name: 'Se déconnecter' }).click()
  await expect(page).toHaveURL(/\/connexion$/)
  expect(await page.evaluate(() => localStorage.getItem('palier.session'))).toBeNull()
  const res = await cleared
  expect(res.status()).toBe(204)
  expect(res.headers()['clear-site-data']).toBe('"cache"')
})

test('a token the API refuses sends the person back to the login page, saying the session expired', async ({ page }) => {
  await page.addInitScript(() => localStorage.setItem('palier.session', 'eyJhbGciOiJIUzI1NiJ9.eyJleHAiOjk5OTk5OTk5OTl9.invalidsignature'))
  await page.goto('/')
  await expect(page.getByText('Votre session a expiré')).toBeVisible()
  expect(await page.evaluate(() => localStorage.getItem('palier.session'))).toBeNull()
})

test('the served pages carry a CSP that forbids inline script', async ({ request }) => {
  const res = await request.get('/equipements')
  expect(res.headers()['content-security-policy']).toMatch(/script-src 'self'(;|$)/)
})
