// Analytique: a Gestionnaire reads the figures of the last 12 months and switches to 3; a
// technician has no such page; a company without any data yet reads sentences, not empty axes.
// The service is shared with the other journeys (they create orders while this one runs): the
// page is compared with the answer it received itself, not with a second call.
import type { Page } from '@playwright/test'
import type { components } from '../src/lib/api/schema'
import { expect, expectAccessible, PHONE, signInAs, test } from './fixtures'

type Summary = components['schemas']['AnalyticsSummary']

const decimal = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 1 })
const hours = (n: number | null) => (n === null ? '—' : `${decimal.format(n)}\u00a0h`)

/** Waits for the page's own summary call of that period and returns its answer. */
function summaryOf(page: Page, months: 3 | 6 | 12): Promise<Summary> {
  return page.waitForResponse((r) => r.url().includes(`/api/analytics/summary?months=${months}`) && r.ok())
    .then((r) => r.json() as Promise<Summary>)
}

test('a Gestionnaire reads the figures of 12 months, their definitions, and switches to 3 months', async ({ page }) => {
  await signInAs(page, 'Gestionnaire')
  await page.goto('/')
  const twelve = summaryOf(page, 12)
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Analytique' }).click()
  await expect(page.getByRole('heading', { name: 'Analytique', level: 1 })).toBeVisible()
  const s = await twelve

  // The charts are drawn, one bar group per month (the same figures as a table for screen readers).
  for (const title of ['Ordres ouverts par mois', 'Ordres clôturés par mois', 'Coûts par mois', 'Préventif par mois']) {
    const card = page.getByRole('region', { name: title })
    await expect(card.locator('.recharts-bar-rectangle').filter({ visible: true }).first()).toBeVisible()
    await expect(card.getByRole('table', { name: title }).locator('tbody tr')).toHaveCount(12)
  }
  await expect(page.getByRole('table', { name: 'Ordres ouverts par mois' }).locator('tbody tr').first())
    .toContainText(String(s.monthly[0].opened.corrective))

  // The indicators are the API's, in French.
  await expect(page.getByRole('region', { name: 'Ordres non terminés' }).getByTestId('figure')).toHaveText(String(s.backlog.total))
  await expect(page.getByRole('region', { name: 'Pannes' }).getByTestId('figure')).toHaveText(String(s.breakdowns.total))
  await expect(page.getByRole('region', { name: 'MTTR' }).getByTestId('figure')).toHaveText(hours(s.reliability.mttrHours))
  await expect(page.getByRole('region', { name: 'MTBF' }).getByTestId('figure')).toHaveText(hours(s.reliability.mtbfHours))
  await expect(page.getByRole('region', { name: 'Personnes bloquées' }).getByTestId('figure')).toHaveText(`${s.trapped.calls} appel${s.trapped.calls > 1 ? 's' : ''}`)
  await expect(page.getByRole('region', { name: 'Coûts par mois' })).toContainText(/Sur la période : [\d\s\u202f]+,\d\d\s€/)

  // Every figure says how it is counted.
  await page.getByRole('button', { name: 'Définition : MTTR' }).click()
  await expect(page.getByRole('dialog')).toContainText('temps entre l’appel (création de l’ordre) et la fin des dépannages')
  await expectAccessible(page)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await expect(page.getByRole('button', { name: 'Définition : MTTR' })).toBeFocused()

  // The legal record: a share of the API's, and its definition a click away.
  const share = (x: number | null) => (x === null ? '—' : new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 0 }).format(x))
  await expect(page.getByRole('region', { name: 'Taux de rappels sous 30 jours' }).getByTestId('figure')).toHaveText(share(s.legal.callbacks.rate))
  await expect(page.getByRole('region', { name: 'Ascenseurs visités sous six semaines' }).getByTestId('figure')).toHaveText(share(s.legal.visits.share))
  // The demo's PAR-VAU-E3: an inspection overdue, with its two findings open.
  expect(s.legal.inspections.overdue).toBeGreaterThanOrEqual(1)
  expect(s.legal.inspections.findingsOpen).toBeGreaterThanOrEqual(2)
  await expect(page.getByRole('region', { name: 'Contrôles techniques en retard' }).getByTestId('figure')).toHaveText(String(s.legal.inspections.overdue))
  await page.getByRole('button', { name: 'Définition : Taux de rappels sous 30 jours' }).click()
  await expect(page.getByRole('dialog')).toContainText('au plus 30 jours (720 heures, incluses) après la fin de la réparation')
  await expectAccessible(page)
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog')).toHaveCount(0)
  await page.screenshot({ path: 'test-results/analytics-desktop.png', fullPage: true })

  // The worst elevator and a part under its threshold lead to their pages.
  const worst = s.breakdowns.worst[0]
  await page.getByRole('table', { name: 'Ascenseurs les plus en panne' }).getByRole('link', { name: worst.reference }).click()
  await expect(page).toHaveURL(new RegExp(`/equipements/${worst.assetId}$`))
  await expect(page.getByRole('heading', { name: worst.reference, level: 1 })).toBeVisible()
  await page.goBack()
  const part = s.parts.items[0]
  await page.getByRole('table', { name: 'Pièces sous le seuil' }).getByRole('link', { name: part.reference }).click()
  await expect(page).toHaveURL(new RegExp(`/stock/${part.id}$`))
  await page.goBack()

  // 3 months: kept in the address, three months drawn.
  const three = summaryOf(page, 3)
  await page.getByRole('radiogroup', { name: 'Période' }).getByText('3 mois').click()
  await expect(page).toHaveURL(/\/analytique\?mois=3$/)
  await three
  for (const title of ['Ordres ouverts par mois', 'Coûts par mois', 'Préventif par mois']) {
    await expect(page.getByRole('table', { name: title }).locator('tbody tr')).toHaveCount(3)
  }
  await expect(page.getByRole('region', { name: 'Ordres ouverts par mois' }).locator('.recharts-xAxis .recharts-cartesian-axis-tick')).toHaveCount(3)
  await page.reload()
  await expect(page.getByRole('radio', { name: '3 mois' })).toBeChecked()
  await expect(page.getByRole('table', { name: 'Préventif par mois' }).locator('tbody tr')).toHaveCount(3)

  // A phone: the cards stack, nothing sticks out sideways.
  await page.setViewportSize(PHONE)
  await expect(page.getByRole('region', { name: 'Pannes' })).toBeVisible()
  // The charts take the new width when their resize observer fires, later on a busy machine.
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
  await page.screenshot({ path: 'test-results/analytics-phone.png', fullPage: true })
})

test('a technician has no Analytique entry and the address shows no figure', async ({ page }) => {
  await signInAs(page, 'Technicien')
  let called = false
  page.on('request', (r) => { if (r.url().includes('/api/analytics/')) called = true })
  await page.goto('/')
  const nav = page.getByRole('navigation', { name: 'Menu principal' })
  await expect(nav.getByRole('link', { name: 'Tableau de bord' })).toBeAttached()
  await expect(nav.getByRole('link', { name: 'Analytique' })).toHaveCount(0)
  await page.goto('/analytique')
  await expect(page.getByRole('heading', { name: 'Page réservée' })).toBeVisible()
  await expect(page.getByText('Votre rôle ne donne pas accès à « Analytique »')).toBeVisible()
  await expect(page.getByRole('radiogroup', { name: 'Période' })).toHaveCount(0)
  expect(called).toBe(false)
})

const months = (n: number) => Array.from({ length: n }, (_, i) => `2026-${String(i + 1).padStart(2, '0')}`)
const EMPTY: Summary = {
  months: 6, from: '2026-01-01T00:00:00.000Z', to: '2026-06-15T10:00:00.000Z',
  monthly: months(6).map((month) => ({ month, opened: { corrective: 0, preventive: 0 }, closed: { corrective: 0, preventive: 0 }, partsCostCents: 0, laborCostCents: 0 })),
  backlog: { OPEN: 0, IN_PROGRESS: 0, ON_HOLD: 0, total: 0 },
  breakdowns: { total: 0, elevators: 0, perElevatorPerYear: null, worst: [] },
  reliability: { mtbfHours: null, mttrHours: null, repairs: 0 },
  trapped: { calls: 0, released: 0, meanReleaseMinutes: null, releasedWithinHour: 0 },
  preventive: months(6).map((month) => ({ month, generated: 0, completed: 0, late: 0 })),
  legal: {
    visits: { underContract: 0, withinSixWeeks: 0, share: null },
    callbacks: { repairs: 0, calledBack: 0, rate: null, firstTimeFixRate: null },
    arrival: { measured: 0, medianMinutes: null, p90Minutes: null },
    release: { measured: 0, medianMinutes: null, p90Minutes: null, withinHour: 0, withinHourShare: null },
    inspections: { overdue: 0, dueSoon: 0, findingsOpen: 0 },
  },
  parts: { underThreshold: 0, items: [] },
}

test('a new company on a phone: sentences instead of empty charts, « — » for what cannot be measured; an error offers a retry', async ({ page }) => {
  await page.setViewportSize(PHONE)
  await signInAs(page, 'Gestionnaire')
  let fail = false
  await page.route('**/api/analytics/summary?*', (route) => (fail
    ? route.fulfill({ status: 500, json: { error: { code: 'INTERNAL', message: 'Erreur interne du serveur.' }, requestId: 'e2e' } })
    : route.fulfill({ json: EMPTY })))
  await page.goto('/analytique?mois=6')
  await expect(page.getByText('Du 1er janvier 2026 à aujourd’hui', { exact: false })).toBeVisible()
  const worst = page.getByRole('region', { name: 'Ascenseurs les plus en panne' })
  await expect(worst.getByText('Aucune panne sur la période')).toBeVisible()
  await expect(page.getByText('Aucun ordre ouvert sur la période')).toBeVisible()
  await expect(page.getByText('Aucun coût enregistré sur la période')).toBeVisible()
  await expect(page.getByText('Aucune grille préventive sur la période')).toBeVisible()
  await expect(page.getByText('Aucune pièce sous son seuil')).toBeVisible()
  await expect(page.getByRole('region', { name: 'MTBF' }).getByTestId('figure')).toHaveText('—')
  await expect(page.getByRole('region', { name: 'MTBF' })).toContainText('aucune panne sur la période')
  await expect(page.getByRole('region', { name: 'MTTR' }).getByTestId('figure')).toHaveText('—')
  await expect(page.getByRole('region', { name: 'Personnes bloquées' })).toContainText('0 appel')
  await expect(page.getByRole('region', { name: 'Réparé du premier coup' }).getByTestId('figure')).toHaveText('—')
  await expect(page.getByRole('region', { name: 'Délai appel → arrivée (médiane / 90 %)' }).getByTestId('figure')).toHaveText('—')
  await expect(page.locator('.recharts-wrapper')).toHaveCount(0)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
  await expectAccessible(page)
  await page.screenshot({ path: 'test-results/analytics-empty-phone.png', fullPage: true })

  fail = true
  await page.getByRole('radiogroup', { name: 'Période' }).getByText('3 mois').click()
  await expect(page.getByRole('alert')).toContainText('Chargement impossible')
  fail = false
  await page.getByRole('button', { name: 'Réessayer' }).click()
  await expect(worst.getByText('Aucune panne sur la période')).toBeVisible()
})
