// Issue 8's budgets: a first page load ships at most 250 kB of JavaScript gzipped (routes are
// split per page) and is interactive within 2 s on the embedded start.
import { gzipSync } from 'node:zlib'
import type { Page } from '@playwright/test'
import { expect, signInAs, test } from './fixtures'

const MAX_JS_GZIP = 250 * 1024
const MAX_INTERACTIVE_MS = 2000

/** Gzipped bytes of every script the page loads while `load` runs. */
async function scriptBytes(page: Page, load: () => Promise<void>): Promise<number> {
  const sizes: Promise<number>[] = []
  page.on('response', (r) => {
    if (r.request().resourceType() === 'script') sizes.push(r.body().then((b) => gzipSync(b, { level: 9 }).length))
  })
  await load()
  return (await Promise.all(sizes)).reduce((a, b) => a + b, 0)
}

test('the login page loads at most 250 kB of JavaScript gzipped and is usable within 2 s', async ({ page }) => {
  let interactiveMs = 0
  const bytes = await scriptBytes(page, async () => {
    const start = Date.now()
    await page.goto('/connexion')
    await expect(page.getByRole('button', { name: /Administrateur$/ })).toBeEnabled()
    interactiveMs = Date.now() - start
  })
  console.log(`budget login: ${(bytes / 1024).toFixed(1)} kB JS gzipped, interactive in ${interactiveMs} ms`)
  expect(bytes).toBeLessThanOrEqual(MAX_JS_GZIP)
  expect(interactiveMs).toBeLessThanOrEqual(MAX_INTERACTIVE_MS)
})

test('a signed-in first load of the dashboard stays within the same budget', async ({ page }) => {
  await signInAs(page, 'Dispatcher')
  let interactiveMs = 0
  const bytes = await scriptBytes(page, async () => {
    const start = Date.now()
    await page.goto('/')
    await expect(page.getByRole('heading', { name: 'Tableau de bord' })).toBeVisible()
    interactiveMs = Date.now() - start
  })
  console.log(`budget dashboard: ${(bytes / 1024).toFixed(1)} kB JS gzipped, interactive in ${interactiveMs} ms`)
  expect(bytes).toBeLessThanOrEqual(MAX_JS_GZIP)
  expect(interactiveMs).toBeLessThanOrEqual(MAX_INTERACTIVE_MS)
})
