import { expect, PHONE, signInAs, test, type RoleName } from './fixtures'

// Read off the default matrix (server/src/modules/access/access.matrix.ts): a menu entry per
// category the role may view, never more.
const MENUS: Partial<Record<RoleName, string[]>> = {
  Demandeur: ['Tableau de bord', 'Demandes', 'Équipements', 'Sites'],
  'Technicien limité': ['Tableau de bord', 'Ordres de travail', 'Demandes', 'Équipements', 'Sites', 'Assistant', 'Stock', 'Préventif'],
  Administrateur: ['Tableau de bord', 'Ordres de travail', 'Demandes', 'Équipements', 'Sites', 'Assistant', 'Étiquettes QR', 'Stock', 'Achats', 'Préventif', 'Analytique', 'Administration'],
}

for (const [role, menu] of Object.entries(MENUS) as [RoleName, string[]][]) {
  test(`${role} sees exactly the menu entries its rights allow`, async ({ page }) => {
    await signInAs(page, role)
    await page.goto('/')
    const nav = page.getByRole('navigation', { name: 'Menu principal' })
    await expect(nav.getByRole('link')).toHaveText(menu)
  })
}

test('on a phone the menu folds behind a burger and closes once an entry is chosen', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await signInAs(page, 'Technicien')
  await page.goto('/')
  const nav = page.getByRole('navigation', { name: 'Menu principal' })
  await expect(nav).toBeHidden()
  await page.getByRole('button', { name: 'Ouvrir le menu' }).click()
  await expect(nav).toBeVisible()
  await nav.getByRole('link', { name: 'Ordres de travail' }).click()
  await expect(page).toHaveURL(/\/ordres/)
  await expect(nav).toBeHidden()
})

test('an address outside the person’s rights says the page is reserved, without asking the API', async ({ page }) => {
  const refused: string[] = []
  page.on('response', (r) => { if (r.status() === 403) refused.push(r.url()) })
  await signInAs(page, 'Demandeur')
  await page.goto('/ordres?status=OPEN')
  await expect(page.getByRole('heading', { name: 'Page réservée' })).toBeVisible()
  await expect(page.getByText('Votre rôle ne donne pas accès à « Ordres de travail »')).toBeVisible()
  await page.goto('/stock')
  await expect(page.getByText('Votre rôle ne donne pas accès à « Stock »')).toBeVisible()
  // Pages of her own rights open as before.
  await page.goto('/equipements')
  await expect(page.getByRole('heading', { name: 'Équipements' })).toBeVisible()
  expect(refused).toEqual([])
})
