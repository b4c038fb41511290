// Lists that refresh by themselves (issue 19): the dispatcher's desk and the technician's day
// read again while open, through conditional GETs (the server answers 304), and what arrives —
// a trapped person, an order newly assigned — shows in the tab's title with a beep that can be
// turned off. The interval is shortened through the client's test key (lib/api/live.ts).
import type { APIRequestContext, Page } from '@playwright/test'
import { demoToken, expect, expectAccessible, PHONE, signInAs, test, type RoleName } from './fixtures'

const LOAD = { timeout: 15_000 }

async function send(request: APIRequestContext, role: RoleName, method: 'get' | 'post', path: string, data?: unknown) {
  const res = await request[method](`/api${path}`, { headers: { authorization: `Bearer ${await demoToken(request, role)}` }, data })
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true)
  return res.json()
}

/** A refresh every 1.5 s, the tones of the beep counted (the sound itself cannot be heard here),
 * and the status of every answer as it came over the wire: the page's fetch sees a revalidated
 * answer as the 200 its cache holds, the network a bodiless 304. */
async function watch(page: Page) {
  await page.addInitScript(() => {
    localStorage.setItem('palier.liveRefreshMs', '1500')
    const w = window as unknown as { tones: number }
    w.tones = 0
    const create = AudioContext.prototype.createOscillator
    AudioContext.prototype.createOscillator = function () { w.tones++; return create.call(this) }
  })
  const statuses: number[] = []
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Network.enable')
  cdp.on('Network.responseReceivedExtraInfo', (e) => { if (e.statusCode) statuses.push(e.statusCode) })
  return {
    statuses,
    tones: () => page.evaluate(() => (window as unknown as { tones: number }).tones),
  }
}

test('the dispatcher’s desk reads itself again with 304s and announces a new trapped person, with a sound that can be turned off', async ({ page, request }) => {
  const seen = await watch(page)
  await signInAs(page, 'Dispatcher')
  await page.goto('/')
  const trapped = page.getByRole('region', { name: 'Personnes bloquées' })
  await expect(trapped).toBeVisible(LOAD)
  await expect(page.getByRole('switch', { name: 'Son des alertes' })).toBeChecked()
  // Unchanged lists come back as 304 (the browser revalidates with the ETag it kept).
  await expect.poll(() => seen.statuses.filter((s) => s === 304).length, { timeout: 20_000 }).toBeGreaterThan(3)
  // What was there when the page opened alerts nobody.
  await expect(page).toHaveTitle('Palier')
  expect(await seen.tones()).toBe(0)
  await expectAccessible(page)

  const { options } = await send(request, 'Dispatcher', 'get', '/assets/options') as { options: { id: string }[] }
  const made: string[] = []
  try {
    const report = await send(request, 'Dispatcher', 'post', '/requests', {
      assetId: options[0].id, description: 'Essai e2e : quelqu’un est coincé dans la cabine.', personBlocked: true,
    }) as { id: string; reference: string }
    made.push(report.id)
    await expect(page).toHaveTitle(/^\(\d+\) Personne bloquée — Palier$/, { timeout: 20_000 })
    await expect(trapped.getByText(report.reference)).toBeVisible()
    await expect.poll(() => seen.tones()).toBeGreaterThan(0)
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.screenshot({ path: 'test-results/refresh-desk-trapped.png' })
    // Looked at: the title is the page's again.
    await page.getByRole('heading', { level: 1, name: 'Tableau de bord' }).click()
    await expect(page).toHaveTitle('Palier')

    // Sound off (kept on this device): the title still says it, silently.
    await page.getByRole('switch', { name: 'Son des alertes' }).click()
    await expect(page.getByRole('switch', { name: 'Son des alertes' })).not.toBeChecked()
    const tones = await seen.tones()
    const second = await send(request, 'Dispatcher', 'post', '/requests', {
      assetId: options[0].id, description: 'Essai e2e : une seconde personne bloquée.', personBlocked: true,
    }) as { id: string; reference: string }
    made.push(second.id)
    await expect(page).toHaveTitle(/^\(\d+\) Personne bloquée — Palier$/, { timeout: 20_000 })
    expect(await seen.tones()).toBe(tones)
    await page.reload()
    await expect(page.getByRole('switch', { name: 'Son des alertes' })).not.toBeChecked(LOAD)
  } finally {
    for (const id of made) await send(request, 'Dispatcher', 'post', `/requests/${id}/reject`, { reason: 'Essai e2e terminé.' })
  }
})

test('the desk’s alerts follow the dispatcher to the work orders: a trapped person reported meanwhile names the title there', async ({ page, request }) => {
  const seen = await watch(page)
  await signInAs(page, 'Dispatcher')
  await page.goto('/ordres')
  await expect(page.getByRole('heading', { level: 1, name: 'Ordres de travail' })).toBeVisible(LOAD)
  // The alerts' reads have answered (and revalidate) before the report: it arrives as new.
  await expect.poll(() => seen.statuses.filter((s) => s === 304).length, { timeout: 20_000 }).toBeGreaterThan(3)
  const { options } = await send(request, 'Dispatcher', 'get', '/assets/options') as { options: { id: string }[] }
  const report = await send(request, 'Dispatcher', 'post', '/requests', {
    assetId: options[0].id, description: 'Essai e2e : bloqué entre deux étages, appel depuis la cabine.', personBlocked: true,
  }) as { id: string }
  try {
    await expect(page).toHaveTitle(/^\(\d+\) Personne bloquée — /, { timeout: 20_000 })
    await expect.poll(() => seen.tones()).toBeGreaterThan(0)
    await expect(page.getByRole('heading', { level: 1, name: 'Ordres de travail' })).toBeVisible()
  } finally {
    await send(request, 'Dispatcher', 'post', `/requests/${report.id}/reject`, { reason: 'Essai e2e terminé.' })
  }
})

test('on a phone, an order newly assigned to the technician shows in the title and his list, without reloading', async ({ page, request }) => {
  const seen = await watch(page)
  const me = await send(request, 'Technicien', 'get', '/users/me') as { id: string }
  const { options } = await send(request, 'Dispatcher', 'get', '/assets/options') as { options: { id: string }[] }
  await signInAs(page, 'Technicien')
  await page.setViewportSize(PHONE)
  await page.goto('/')
  await expect(page.getByRole('region', { name: 'En cours' })).toBeVisible(LOAD)
  await expect.poll(() => seen.statuses.filter((s) => s === 304).length, { timeout: 20_000 }).toBeGreaterThan(3)
  await expect(page).toHaveTitle('Palier')
  const mark = `rafraichi${Date.now().toString(36)}`
  const order = await send(request, 'Dispatcher', 'post', '/work-orders', {
    assetId: options[0].id, description: `Essai e2e ${mark} : porte palière qui ne se ferme plus.`, assigneeIds: [me.id],
  }) as { id: string; reference: string }
  try {
    // A trapped person reported meanwhile by a journey running beside this one names the title
    // first (lib/alerts.ts: the urgent arrival wins); otherwise it is the new assignment.
    await expect(page).toHaveTitle(/^\(\d+\) (Nouvel ordre affecté|Personne bloquée) — Palier$/, { timeout: 20_000 })
    await expect.poll(() => seen.tones()).toBeGreaterThan(0)
    await page.screenshot({ path: 'test-results/refresh-phone-assigned.png' })
    // His list of orders reads itself again too: the order shows without a reload.
    await page.goto(`/ordres?q=${mark}&mine=true`)
    await expect(page.getByRole('link', { name: order.reference }).first()).toBeVisible(LOAD)
    const another = await send(request, 'Dispatcher', 'post', '/work-orders', {
      assetId: options[0].id, description: `Essai e2e ${mark} : bouton d’appel du 3e sans effet.`, assigneeIds: [me.id],
    }) as { id: string; reference: string }
    try {
      await expect(page.getByRole('link', { name: another.reference }).first()).toBeVisible({ timeout: 20_000 })
    } finally {
      await send(request, 'Dispatcher', 'post', `/work-orders/${another.id}/transition`, { to: 'CANCELLED', reason: 'Essai e2e terminé.' })
    }
  } finally {
    await send(request, 'Dispatcher', 'post', `/work-orders/${order.id}/transition`, { to: 'CANCELLED', reason: 'Essai e2e terminé.' })
  }
})
