// Text and date rules shared by every input: a control character or an impossible date is
// the caller's mistake (400 naming the field), never a 500 from the database or from Date.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { assertError, createLocation, insertCategory, startTestApp, type TestApp } from '../test/harness.ts'
import { hasForbiddenCharacters, isDate, isDateTime } from './input-rules.ts'
import { PLAIN_TEXT } from './validation.ts'

const REFUSED_DATES = [
  '2016-12-31T23:59:60Z', // leap second: RFC 3339 admits it, Date does not
  '0000-01-01T00:00:00Z', '0001-01-01T00:00:00Z', '0099-06-15T10:00:00Z', '1899-12-31T23:59:59Z', '3000-01-01T00:00:00Z',
  '2023-02-29T10:00:00Z', '2024-04-31T10:00:00Z', '2024-13-01T10:00:00Z', '2024-01-01T24:00:00Z', '2024-01-01T10:60:00Z',
  '2024-01-01T10:00:00', '2024-01-01T10:00:00+24:00', '2024-01-01', '+002024-01-01T10:00:00Z', '2024-01-01T10:00:00.1234567890Z',
]

describe('input rules (unit)', () => {
  test('date-times: real instants with an offset, years 1900–2999, no leap second', () => {
    for (const s of REFUSED_DATES) assert.equal(isDateTime(s), false, s)
    for (const s of ['1900-01-01T00:00:00Z', '2999-12-31T23:59:59.999999999+14:00', '2024-02-29T12:00:00.5-03:30', '2016-12-31t23:59:59z', '2016-12-31 23:59:59Z']) {
      assert.equal(isDateTime(s), true, s)
    }
  })

  test('days: existing YYYY-MM-DD within 1900–2999', () => {
    for (const s of ['2024-02-29', '1900-01-01', '2999-12-31']) assert.equal(isDate(s), true, s)
    for (const s of ['2023-02-29', '1899-12-31', '3000-01-01', '0000-01-01', '2024-1-01', '2024-01-01T00:00:00Z']) assert.equal(isDate(s), false, s)
  })

  test('text: tab, line feed and carriage return pass; other controls and lone surrogates do not', () => {
    for (const s of ['Ligne 1\nLigne 2', 'a\tb', 'Windows\r\nnote', 'é 漢字 😀 \u00a0 \u200b']) assert.equal(hasForbiddenCharacters(s), false, JSON.stringify(s))
    for (const s of ['a\u0000b', '\u0001', '\u0008', '\u000b', '\u000c', '\u001b[31m', '\u007f', '\u0085', '\u009f', '\ud800', 'x\udc00', '\udfff\ud800']) {
      assert.equal(hasForbiddenCharacters(s), true, JSON.stringify(s))
    }
  })
})

let t: TestApp
let admin: string
let site: string
let equipment: string
let componentType: string

before(async () => {
  t = await startTestApp()
  admin = await t.tokenFor('Administrateur')
  site = await createLocation(t, admin, { name: 'Site des règles' })
  equipment = await insertCategory(t, 'EQUIPMENT', 'Ascenseur (règles)')
  componentType = await insertCategory(t, 'COMPONENT_TYPE', 'Porte (règles)')
})
after(() => t.close())

let n = 0
const asset = (extra: Record<string, unknown> = {}) => ({ reference: `REG-${++n}`, brand: 'Otis', categoryId: equipment, locationId: site, ...extra })

async function createAsset(extra: Record<string, unknown> = {}) {
  const res = await t.request('POST', '/assets', { token: admin, body: asset(extra) })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body
}

function assertRefused(res: { status: number; body: any }, field: string) {
  assertError(res, 400, 'VALIDATION_ERROR')
  assert.equal(res.body.error.details[0].field, field, JSON.stringify(res.body))
  assert.match(res.body.error.message, new RegExp(`« ${field.replace('.', '\\.')} »`))
}

describe('control characters', () => {
  test('"\\u0000" and other controls in a name, label, note, phone or q filter: 400 naming the field', async () => {
    const user = await t.userWithRole('Technicien')
    for (const bad of ['a\u0000b', 'bip\u0007', '\u001b[2J', 'x\ud800']) {
      assertRefused(await t.request('POST', '/locations', { token: admin, body: { name: bad } }), 'name')
      assertRefused(await t.request('POST', '/reference-values', { token: admin, body: { field: 'SYMPTOM', label: bad } }), 'label')
      assertRefused(await t.request('POST', '/assets', { token: admin, body: asset({ notes: bad }) }), 'notes')
      assertRefused(await t.request('POST', '/assets', { token: admin, body: asset({ components: [{ typeId: componentType, notes: bad }] }) }), 'components.0.notes')
      assertRefused(await t.request('PATCH', `/users/${user.id}`, { token: admin, body: { phone: `06${bad}` } }), 'phone')
      // A lone surrogate cannot be percent-encoded: the query string gets the controls only.
      if (!/[\ud800-\udfff]/.test(bad)) assertRefused(await t.request('GET', `/assets?q=${encodeURIComponent(bad)}`, { token: admin }), 'q')
    }
  })

  test('multi-line notes keep their tabs and line breaks (LF and CRLF)', async () => {
    const notes = 'Clé en loge.\r\nCode porte :\t1234\nAppeler avant.'
    assert.equal((await createAsset({ notes })).notes, notes)
  })

  test('every free-text input of every operation carries the plain-text rule', () => {
    // A string input is either free text (x-plain-text) or constrained by a format or an enum.
    const loose: string[] = []
    const walk = (s: any, where: string) => {
      if (!s || typeof s !== 'object') return
      if (s.type === 'string' && !s[PLAIN_TEXT] && !s.format && !s.enum && s.const === undefined) loose.push(where)
      for (const [k, v] of Object.entries(s)) if (typeof v === 'object') walk(v, `${where}/${k}`)
    }
    for (const r of t.app.routes) for (const part of ['body', 'querystring', 'params'] as const) walk(r[part], `${r.operationId}.${part}`)
    assert.deepEqual(loose, [])
  })
})

describe('dates', () => {
  test('a leap second, year 0000, 0001–0099, before 1900 or after 2999: 400 on commissionedAt, installedAt and readAt', async () => {
    const a = await createAsset()
    const meters = await t.request('GET', `/assets/${a.id}/meters`, { token: admin })
    const meterId = meters.body.meters[0].id
    for (const bad of REFUSED_DATES) {
      assertRefused(await t.request('POST', '/assets', { token: admin, body: asset({ commissionedAt: bad }) }), 'commissionedAt')
      assertRefused(await t.request('PATCH', `/assets/${a.id}`, { token: admin, body: { commissionedAt: bad } }), 'commissionedAt')
      assertRefused(await t.request('POST', `/assets/${a.id}/components`, { token: admin, body: { typeId: componentType, installedAt: bad } }), 'installedAt')
      assertRefused(await t.request('POST', `/assets/${a.id}/meter-readings`, { token: admin, body: { meterId, value: 10, readAt: bad } }), 'readAt')
    }
  })

  test('the bounds of the range are stored exactly, not a century off', async () => {
    const early = await createAsset({ commissionedAt: '1900-01-01T00:00:00Z' })
    assert.equal(early.commissionedAt, '1900-01-01T00:00:00.000Z')
    const late = await createAsset({ commissionedAt: '2999-12-31T23:59:59.999+01:00' })
    assert.equal(late.commissionedAt, '2999-12-31T22:59:59.999Z')
    const got = await t.request('GET', `/assets/${early.id}`, { token: admin })
    assert.equal(got.body.commissionedAt, '1900-01-01T00:00:00.000Z')
  })
})
