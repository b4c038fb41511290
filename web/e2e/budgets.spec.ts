// Issue 8's budgets: a first page load ships at most 250 kB of JavaScript gzipped (routes are
// split per page) and is interactive within 2 s on the embedded start.
import os from 'node:os'
import { gzipSync } from 'node:zlib'
import type { Page } from '@playwright/test'
import { expect, signInAs, test } from './fixtures'

const MAX_JS_GZIP = 250 * 1024
const MAX_INTERACTIVE_MS = 2000

// Time is judged only on a machine that is not saturated by other work (load per core under
// 1.5): on a shared CI host at load 10+, seconds measure the neighbours, not the page. The
// weight is judged always.
function expectInteractiveInTime(ms: number) {
  const load = os.loadavg()[0] / os.cpus().length
  if (load < 1.5) expect(ms).toBeLessThanOrEqual(MAX_INTERACTIVE_MS)
  else test.info().annotations.push({ type: 'not judged', description: `interactive ${ms} ms at load ${load.toFixed(1)} per core` })
}

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
  expectInteractiveInTime(interactiveMs)
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
  expectInteractiveInTime(interactiveMs)
})
