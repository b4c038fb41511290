// The assistant: a technician asks on a phone and gets a cited answer (a manual's page that
// opens at that page, a closed order's report that opens the order) or a calm refusal; an
// elevator's page asks about that elevator; an administrator re-indexes and reads the counts;
// the report form suggests codes that only a tap chooses, and dictates where it is enabled.
// The corpus is this file's own: a manual made here (e2e/pdf.ts) on an elevator of an
// invented brand, and an order closed with notes, indexed before the journeys. Nothing here
// relies on the demo's manuals; the one refusal that relies on what the corpus does not say
// is marked.
import type { APIRequestContext, Page } from '@playwright/test'
import { demoToken, expect, expectAccessible, PHONE, signInAs, test } from './fixtures'
import { textPdf } from './pdf'

const DESKTOP = { width: 1280, height: 800 }
const LOAD = { timeout: 30_000 }
const stamp = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`.toUpperCase()

type Corpus = { assetId: string; assetReference: string; fileName: string; orderId: string; orderReference: string }
let corpus: Corpus

async function api(request: APIRequestContext, role: 'Administrateur' | 'Dispatcher') {
  const headers = { authorization: `Bearer ${await demoToken(request, role)}` }
  return {
    headers,
    async send<T>(method: 'post' | 'put', path: string, data?: unknown): Promise<T> {
      const res = await request[method](`/api${path}`, { headers, data })
      expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true)
      return (await res.json()) as T
    },
  }
}

/** A Velarix VX-40 (a brand of this test's own) with its manual, an order on it closed with notes, and the index rebuilt. */
async function buildCorpus(request: APIRequestContext): Promise<Corpus> {
  const admin = await api(request, 'Administrateur')
  const tag = stamp()
  const site = await admin.send<{ id: string }>('post', '/locations', { name: `Site Assistant ${tag}`, address: '4 rue des Essais', city: 'Lyon' })
  const categories = (await (await request.get('/api/categories?kind=EQUIPMENT&active=true', { headers: admin.headers })).json()) as { categories: { id: string }[] }
  const asset = await admin.send<{ id: string; reference: string }>('post', '/assets', {
    reference: `VLX-${tag}`, brand: 'Velarix', model: 'VX-40', categoryId: categories.categories[0]!.id, locationId: site.id,
  })
  const fileName = `notice-velarix-${tag.toLowerCase()}.pdf`
  const pdf = textPdf([
    ['Notice de maintenance Velarix VX-40', 'Sommaire : frein, portes, armoire de commande.'],
    ['Chapitre 2 — Frein de la machine Velarix VX-40',
      'L’entrefer du frein se règle entre 0,3 et 0,5 mm au moyen de cales calibrées.',
      'Serrer ensuite les vis de l’électro-aimant au couple de 25 N.m.',
      'Contrôler le glissement à vide après tout réglage.'],
  ])
  const up = await request.post('/api/documents', { headers: admin.headers, multipart: { kind: 'MANUAL', assetId: asset.id, file: { name: fileName, mimeType: 'application/pdf', buffer: pdf } } })
  expect(up.status(), await up.text()).toBe(201)

  // A closed order whose notes hold what no manual says.
  const dispatcher = await api(request, 'Dispatcher')
  const order = await dispatcher.send<{ id: string; reference: string }>('post', '/work-orders', { assetId: asset.id, description: 'Porte cabine du Velarix VX-40 bruyante à l’ouverture.' })
  const { fields } = (await (await request.get('/api/reference-values?active=true', { headers: dispatcher.headers })).json()) as { fields: { field: string; values: { id: string }[] }[] }
  const first = (field: string) => fields.find((f) => f.field === field)!.values[0]!.id
  await dispatcher.send('post', `/work-orders/${order.id}/transition`, { to: 'IN_PROGRESS' })
  await dispatcher.send('put', `/work-orders/${order.id}/report`, {
    symptomId: first('SYMPTOM'), causeId: first('CAUSE'), actionId: first('ACTION'),
    notes: 'Galet de came de la porte cabine usé : remplacé, puis graissage du rail de suspension.',
  })
  await dispatcher.send('post', `/work-orders/${order.id}/transition`, { to: 'DONE' })
  await admin.send('post', '/assistant/reindex')
  return { assetId: asset.id, assetReference: asset.reference, fileName, orderId: order.id, orderReference: order.reference }
}

test.beforeAll(async ({ request }) => { corpus = await buildCorpus(request) })

const question = (page: Page) => page.getByRole('textbox', { name: 'Votre question' })
const answer = (page: Page) => page.getByRole('region', { name: 'Réponse' })

test.describe('on a phone', () => {
  test.use({ viewport: PHONE })

  // In the full browser (playwright.config.ts): the headless shell has no PDF viewer, and would download the manual.
  test('a technician asks, reads a cited answer with the sentence marked in its excerpt, and opens the manual at its page', async ({ page }) => {
    await signInAs(page, 'Technicien')
    await page.goto('/')
    await page.getByRole('button', { name: 'Ouvrir le menu' }).click()
    await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Assistant' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Assistant' })).toBeVisible(LOAD)
    // Nothing asked yet: examples to start from.
    await expect(page.getByRole('list', { name: 'Exemples de questions' }).getByRole('button')).not.toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Demander' })).toBeDisabled()
    await expectAccessible(page)

    // Worded unlike the manual, without accents; Shift+Enter goes to the line, Enter asks.
    await question(page).fill('entrefer du frein')
    await question(page).press('Shift+Enter')
    await question(page).pressSequentially('velarix vx40 ?')
    await expect(question(page)).toHaveValue('entrefer du frein\nvelarix vx40 ?')
    await question(page).press('Enter')
    await expect(answer(page)).toContainText('0,3 et 0,5 mm', LOAD)

    const source = answer(page).getByRole('listitem').filter({ hasText: corpus.fileName })
    await expect(source).toContainText('page 2')
    await expect(source.locator('mark')).toContainText('L’entrefer du frein se règle entre 0,3 et 0,5 mm')
    // The excerpt folds away and back.
    await source.getByRole('button', { name: 'Masquer l’extrait' }).click()
    await expect(source.locator('blockquote')).toBeHidden()
    await source.getByRole('button', { name: 'Voir l’extrait' }).click()
    await expect(source.locator('blockquote')).toContainText('25 N.m')
    await expectAccessible(page)
    await page.screenshot({ path: test.info().outputPath('assistant-answer-phone.png'), fullPage: true })
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)

    // The PDF opens in a new tab, at the cited page, through the authorised download.
    const [tab] = await Promise.all([
      page.waitForEvent('popup'),
      source.getByRole('button', { name: new RegExp(`^Ouvrir à la page 2 — ${corpus.fileName}`) }).click(),
    ])
    await expect.poll(() => tab.url(), LOAD).toMatch(/^blob:http:\/\/127\.0\.0\.1:\d+\/[0-9a-f-]+#page=2$/)
    await tab.close()

    // The question is in the session's list.
    await expect(page.getByRole('region', { name: 'Questions de la session' }).getByRole('button', { name: /entrefer du frein/ })).toHaveAttribute('aria-current', 'true')
  })

  test('a closed order’s report is cited and opens the order', async ({ page }) => {
    await signInAs(page, 'Technicien')
    await page.goto('/assistant')
    await question(page).fill('galet de came porte cabine velarix usé ?')
    await page.getByRole('button', { name: 'Demander' }).click()
    const source = answer(page).getByRole('listitem').filter({ hasText: corpus.orderReference })
    await expect(source).toContainText('Rapport d’intervention', LOAD)
    await expect(source.locator('mark')).toContainText('Galet de came')
    await source.getByRole('link', { name: corpus.orderReference }).click()
    await expect(page.getByRole('heading', { level: 1, name: corpus.orderReference })).toBeVisible(LOAD)
    // The closed order shows its notes, read-only.
    await expect(page.getByRole('region', { name: 'Rapport d’intervention' })).toContainText('Galet de came de la porte cabine usé')
  })

  test('refusals are said plainly, without sources and not as errors', async ({ page }) => {
    await signInAs(page, 'Technicien')
    await page.goto('/assistant')
    // Off the trade.
    await question(page).fill('Quel temps fera-t-il demain à Lyon ?')
    await question(page).press('Enter')
    const refusal = page.getByRole('region', { name: 'Je ne sais pas' })
    await expect(refusal).toContainText('ne porte pas sur la maintenance des ascenseurs', LOAD)
    await expect(page.getByRole('alert')).toHaveCount(0)
    await expect(page.getByText(/^Sources?/)).toHaveCount(0)
    await expectAccessible(page)

    // Fishing for a person's details.
    await question(page).fill('Quel est le numéro de portable du gardien ?')
    await question(page).press('Enter')
    await expect(page.getByRole('region', { name: 'Je ne réponds pas à cette question' })).toContainText('coordonnées', LOAD)

    // A near miss (relies on the corpus saying nothing of another brand's brake: neither this
    // file's manual nor the demo's speak of an Otis Gen2 air gap): the terms not found are named.
    await question(page).fill('Quel est l’entrefer du frein Otis Gen2 ?')
    await question(page).press('Enter')
    await expect(refusal).toContainText('Quel est l’entrefer du frein Otis Gen2', LOAD)
    await expect(refusal.getByRole('list', { name: 'Non trouvé dans les sources :' }).getByRole('listitem')).not.toHaveCount(0)
    await page.screenshot({ path: test.info().outputPath('assistant-refusal-phone.png'), fullPage: true })

    // Each question stays in the session's list; a tap shows its answer again.
    const history = page.getByRole('region', { name: 'Questions de la session' })
    await expect(history.getByRole('button')).toHaveCount(3)
    await history.getByRole('button', { name: /Quel temps fera-t-il/ }).click()
    await expect(refusal).toContainText('ne porte pas sur la maintenance')
  })

  test('the service’s errors are said in its words; 503 says the AI service does not answer', async ({ page }) => {
    await signInAs(page, 'Technicien')
    let status = 503
    await page.route('**/api/assistant/ask', (route) => route.fulfill({
      status, contentType: 'application/json',
      body: JSON.stringify({ error: { code: status === 503 ? 'AI_UNAVAILABLE' : 'VALIDATION', message: status === 503 ? 'Le service de rédaction ne répond pas.' : 'La question est trop longue.' }, requestId: 'e2e' }),
    }))
    await page.goto('/assistant')
    await page.getByRole('list', { name: 'Exemples de questions' }).getByRole('button').first().click()
    await expect(page.getByRole('alert')).toContainText('Le service d’IA ne répond pas', LOAD)
    await expect(page.getByRole('alert')).toContainText('Le service de rédaction ne répond pas.')
    status = 400
    await page.getByRole('button', { name: 'Demander' }).click()
    await expect(page.getByRole('alert')).toContainText('La question n’a pas abouti')
    await expect(page.getByRole('alert')).toContainText('La question est trop longue.')
    await expectAccessible(page)
  })

  test('the report form suggests codes that only a tap chooses, with the notes saved beside them', async ({ page, request }) => {
    const dispatcher = await api(request, 'Dispatcher')
    const order = await dispatcher.send<{ id: string; reference: string }>('post', '/work-orders', { assetId: corpus.assetId, description: 'Porte palière du 2e ne se ferme plus.' })
    await signInAs(page, 'Technicien')
    await page.goto(`/ordres/${order.id}`)
    const report = page.getByRole('region', { name: 'Rapport d’intervention' })
    await expect(report).toBeVisible(LOAD)
    // Dictation is off on this service (no X-Palier-Features): no « Dicter ».
    await expect(report.getByRole('button', { name: 'Suggérer les codes' })).toBeEnabled()
    await expect(report.getByRole('button', { name: 'Dicter' })).toHaveCount(0)

    await report.getByRole('textbox', { name: 'Notes' }).fill('corps etranger ds le seuil de la porte paliere, nettoyage, essais ok')
    await expect(report).toContainText('68 / 4 000 caractères')
    await report.getByRole('button', { name: 'Suggérer les codes' }).click()
    const symptoms = report.getByRole('group', { name: 'Suggestions pour constat' })
    const chip = symptoms.getByRole('button').first()
    await expect(chip).toHaveText(/^.+ \d+\s%$/, LOAD)
    // Shown, not chosen: every picker is as it was.
    const constat = report.getByRole('combobox', { name: 'Constat', exact: true })
    await expect(constat).toHaveValue('')
    await expect(chip).toHaveAttribute('aria-pressed', 'false')
    await expectAccessible(page)
    await page.screenshot({ path: test.info().outputPath('report-suggestions-phone.png'), fullPage: true })

    const label = (await chip.textContent())!.replace(/\s*\d+\s%$/, '')
    await chip.click()
    await expect(constat).toHaveValue(label)
    await expect(chip).toHaveAttribute('aria-pressed', 'true')
    await expect(report.getByRole('combobox', { name: 'Organe', exact: true })).toHaveValue('')

    await report.getByRole('button', { name: 'Enregistrer le rapport' }).click()
    await expect(report.getByText('Modifié par Karim Benali')).toBeVisible()
    const saved = (await (await request.get(`/api/work-orders/${order.id}`, { headers: dispatcher.headers })).json()) as { report: { notes: string | null; symptom: { label: string } | null; component: unknown } }
    expect(saved.report).toMatchObject({ notes: 'corps etranger ds le seuil de la porte paliere, nettoyage, essais ok', symptom: { label }, component: null })
    await dispatcher.send('post', `/work-orders/${order.id}/transition`, { to: 'CANCELLED', reason: 'Essai e2e terminé.' })
  })
})

test.describe('dictation of the notes', () => {
  test.use({ viewport: PHONE })

  /** The service says dictation is on (the header getMe carries when DICTATION_URL is set). */
  async function dictationOn(page: Page) {
    await page.route('**/api/users/me', async (route) => {
      const res = await route.fetch()
      await route.fulfill({ response: res, headers: { ...res.headers(), 'x-palier-features': 'dictation' } })
    })
  }

  /** A microphone that the browser records (a tone), or one that is refused. */
  async function microphone(page: Page, refused = false) {
    await page.addInitScript((refuse) => {
      navigator.mediaDevices.getUserMedia = async () => {
        if (refuse) throw new DOMException('Permission denied', 'NotAllowedError')
        const ctx = new AudioContext()
        const tone = ctx.createOscillator()
        const out = ctx.createMediaStreamDestination()
        tone.connect(out)
        tone.start()
        return out.stream
      }
    }, refused)
  }

  async function openOrder(page: Page, request: APIRequestContext) {
    const dispatcher = await api(request, 'Dispatcher')
    const order = await dispatcher.send<{ id: string }>('post', '/work-orders', { assetId: corpus.assetId, description: 'Essai e2e : dictée des notes.' })
    await signInAs(page, 'Technicien')
    await page.goto(`/ordres/${order.id}`)
    const report = page.getByRole('region', { name: 'Rapport d’intervention' })
    await expect(report.getByRole('textbox', { name: 'Notes' })).toBeVisible(LOAD)
    return report
  }

  test('the recording is sent and its text added to the notes, to be read again', async ({ page, request }) => {
    await dictationOn(page)
    await microphone(page)
    const sent: { type: string; body: Buffer }[] = []
    await page.route('**/api/assistant/transcribe', async (route) => {
      sent.push({ type: route.request().headers()['content-type'] ?? '', body: route.request().postDataBuffer() ?? Buffer.alloc(0) })
      await route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ text: 'Serrure palière nettoyée, essais corrects.', durationMs: 420 }) })
    })
    const report = await openOrder(page, request)
    const notes = report.getByRole('textbox', { name: 'Notes' })
    await notes.fill('Appel du gardien.')
    await report.getByRole('button', { name: 'Dicter' }).click()
    await expect(report.getByRole('status')).toContainText('Enregistrement…')
    await page.waitForTimeout(700)
    await report.getByRole('button', { name: 'Arrêter' }).click()
    await expect(notes).toHaveValue('Appel du gardien.\nSerrure palière nettoyée, essais corrects.', LOAD)
    await expect(report).toContainText('Transcription à relire')
    // One multipart upload of a webm recording under `file`.
    expect(sent).toHaveLength(1)
    expect(sent[0]!.type).toMatch(/^multipart\/form-data/)
    expect(sent[0]!.body.toString('latin1')).toMatch(/name="file"; filename="dictee\.webm"\r\nContent-Type: audio\/webm/)
    await expectAccessible(page)
  })

  test('a refused microphone is said plainly, and « Dicter » stays offered', async ({ page, request }) => {
    await dictationOn(page)
    await microphone(page, true)
    const report = await openOrder(page, request)
    await report.getByRole('button', { name: 'Dicter' }).click()
    await expect(report).toContainText('L’accès au micro a été refusé.')
    await expect(report.getByRole('button', { name: 'Dicter' })).toBeEnabled()
  })

  test('with the header on but the service off, the API’s 503 « dictée non activée » reaches the technician', async ({ page, request }) => {
    await dictationOn(page)
    await microphone(page)
    const report = await openOrder(page, request)
    await report.getByRole('button', { name: 'Dicter' }).click()
    await page.waitForTimeout(500)
    await report.getByRole('button', { name: 'Arrêter' }).click()
    await expect(report).toContainText(/dictée non activée/i, LOAD)
    await expect(report.getByRole('textbox', { name: 'Notes' })).toHaveValue('')
  })
})

test('an elevator’s page asks about that elevator; the chip takes it away', async ({ page }) => {
  await page.setViewportSize(DESKTOP)
  await signInAs(page, 'Technicien')
  await page.goto(`/equipements/${corpus.assetId}`)
  await page.getByRole('link', { name: 'Demander à l’assistant' }).click(LOAD)
  await expect(page).toHaveURL(new RegExp(`/assistant\\?assetId=${corpus.assetId}$`))
  const chip = page.getByRole('button', { name: new RegExp(`^${corpus.assetReference}`) })
  await expect(chip).toBeVisible(LOAD)
  await question(page).fill('couple de serage de l’electro aimant')
  await question(page).press('Enter')
  await expect(answer(page)).toContainText('25 N.m', LOAD)
  await expect(answer(page)).toContainText(corpus.assetReference)
  await expectAccessible(page)
  await chip.click()
  await expect(page).toHaveURL(/\/assistant$/)
  await expect(chip).toHaveCount(0)
})

test.describe('at a desk', () => {
  test.use({ viewport: DESKTOP })

  test('an administrator re-indexes: a bar with the seconds elapsed, then the counts in French', async ({ page }) => {
    await signInAs(page, 'Administrateur')
    await page.goto('/administration')
    await page.getByRole('navigation', { name: 'Rubriques d’administration' }).getByRole('link', { name: 'Assistant' }).click(LOAD)
    const card = page.getByRole('region', { name: 'Réindexer l’assistant' })
    await expectAccessible(page)
    // Held back a moment, so that the running state is seen.
    await page.route('**/api/assistant/reindex', async (route) => { await new Promise((r) => setTimeout(r, 2500)); await route.continue() })
    await card.getByRole('button', { name: 'Réindexer l’assistant' }).click()
    await expect(card.getByRole('progressbar', { name: 'Réindexation en cours' })).toBeVisible()
    await expect(card.getByText(/Réindexation en cours… [12]\ss/)).toBeVisible()
    await expectAccessible(page)

    await expect(card.getByText(/^Index n°\d+ en service depuis le /)).toBeVisible(LOAD)
    await expect(card.getByRole('progressbar')).toHaveCount(0)
    for (const label of ['Documents lus', 'Pages indexées', 'Pages sans texte', 'Documents illisibles', 'Documents exclus', 'Rapports', 'Remplacements', 'Taille de l’index', 'Durée']) {
      await expect(card.getByText(label, { exact: true })).toBeVisible()
    }
    await expect(card).toContainText(/\d+\scourriels? · \d+\stéléphones? · \d+\spersonnes?/)
    await expect(card).toContainText(/\d+(,\d)?\s(Ko|Mo|Go)/)
    await expect(card).not.toContainText('déjà en cours')
    await expectAccessible(page)
    await page.screenshot({ path: test.info().outputPath('assistant-reindex-desktop.png') })

    // A call made while another runs answers that one's result, and says so.
    await page.unroute('**/api/assistant/reindex')
    await page.route('**/api/assistant/reindex', async (route) => {
      const res = await route.fetch()
      await route.fulfill({ response: res, json: { ...(await res.json()), joined: true } })
    })
    await card.getByRole('button', { name: 'Réindexer l’assistant' }).click()
    await expect(card).toContainText('Une réindexation était déjà en cours : voici son résultat.', LOAD)
  })

  test('a Technicien may ask but not re-index', async ({ page }) => {
    await signInAs(page, 'Technicien')
    await page.goto('/administration/assistant')
    await expect(page.getByText('Rubrique non accessible')).toBeVisible(LOAD)
    await expect(page.getByRole('button', { name: 'Réindexer l’assistant' })).toHaveCount(0)
    await expect(page.getByRole('navigation', { name: 'Rubriques d’administration' }).getByRole('link', { name: 'Assistant' })).toHaveCount(0)
  })

  test('Demandeur has no assistant in the menu and is told so at its address', async ({ page }) => {
    await signInAs(page, 'Demandeur')
    await page.goto('/assistant')
    await expect(page.getByText('Votre rôle ne donne pas accès à « Assistant »')).toBeVisible(LOAD)
    await expect(page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Assistant' })).toHaveCount(0)
  })
})
