// Shared for every journey: sign in as a demo role without clicking through the login page
// (the token placed where the client keeps it), fail on any console error or uncaught
// exception, phone viewport, and the accessibility check.
import AxeBuilder from '@axe-core/playwright'
import { test as base, expect, type APIRequestContext, type Page } from '@playwright/test'

export type RoleName = 'Administrateur' | 'Dispatcher' | 'Technicien' | 'Technicien limité' | 'Gestionnaire' | 'Demandeur' | 'Vue seule'
export const PHONE = { width: 390, height: 844 }

export async function demoToken(request: APIRequestContext, role: RoleName): Promise<string> {
  const accounts = (await (await request.get('/api/auth/demo-accounts')).json()) as { accounts: { id: string; roleName: string }[] }
  const account = accounts.accounts.find((a) => a.roleName === role)
  if (!account) throw new Error(`no demo account for ${role}`)
  const res = await request.post('/api/auth/demo-login', { data: { userId: account.id } })
  expect(res.status()).toBe(200)
  return ((await res.json()) as { accessToken: string }).accessToken
}

/** Opens the client signed in as the role (the session the login page would have made). */
export async function signInAs(page: Page, role: RoleName): Promise<string> {
  const token = await demoToken(page.request, role)
  await page.addInitScript((t) => { if (!sessionStorage.getItem('palier.e2e')) { localStorage.setItem('palier.session', t); sessionStorage.setItem('palier.e2e', '1') } }, token)
  return token
}

/** No serious or critical accessibility finding on the page as it is now. */
export async function expectAccessible(page: Page) {
  // Axe reads colours as painted: a modal fading in or a button's press is judged once its
  // transition has ended (endless animations, a spinner, are not waited for).
  await page.evaluate(() => Promise.all(document.getAnimations()
    .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
    .map((a) => a.finished.catch(() => undefined))))
  // Legacy mode runs axe in the page itself instead of finishing in a second blank page (a page
  // opened and axe injected again at every check, a tenth of the journeys' CPU). It only skips
  // cross-origin frames, and the client has none.
  const results = await new AxeBuilder({ page }).setLegacyMode(true).analyze()
  const bad = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(bad.map((v) => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => `${n.target.join(' ')}: ${n.failureSummary ?? ''}`).join(' | ')}`)).toEqual([])
}

export const test = base.extend<{ consoleErrors: string[] }>({
  consoleErrors: [async ({ page }, use) => {
    const errors: string[] = []
    page.on('console', (m) => {
      // A refused API call logs a network error by design (404 of a missing record, 401…).
      if (m.type() === 'error' && !/Failed to load resource/.test(m.text())) errors.push(m.text())
    })
    page.on('pageerror', (e) => errors.push(String(e)))
    await use(errors)
    expect(errors, 'console errors').toEqual([])
  }, { auto: true }],
})
export { expect }
