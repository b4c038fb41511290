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
