// Download names that trick a person: the name a document is listed and offered under ends with
// the extension of the type recognised from its bytes, without control, bidirectional or other
// invisible characters, and cannot add a parameter to Content-Disposition — for new uploads and
// for rows stored before this rule.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import { eq } from 'drizzle-orm'
import { startTestApp, type TestApp } from '../../test/harness.ts'
import { createWorkOrder, insertAsset, insertLocation } from '../work-orders/work-orders.fixtures.ts'
import { documents } from './documents.tables.ts'
import { downloadDocument, jpeg, pdf, png, uploadDocument } from './documents.fixtures.ts'

let t: TestApp
let token: string
let assetId: string
let workOrderId: string

before(async () => {
  t = await startTestApp()
  token = await t.tokenFor('Administrateur')
  assetId = await insertAsset(t, await insertLocation(t, 'Résidence des Noms'))
  workOrderId = (await createWorkOrder(t, token, { assetId, description: 'Photos de la panne' })).id
})
after(() => t.close())

/** The names a download offers: the quoted ASCII one and the RFC 5987 UTF-8 one, decoded. */
function offered(header: unknown) {
  const h = String(header)
  const plain = /^attachment; filename="([^"]*)"; filename\*=UTF-8''([A-Za-z0-9!#$&+.^_`|~%-]+)$/.exec(h)
  assert.ok(plain, `one quoted name and one RFC 5987 name: ${h}`)
  return { ascii: plain[1], utf8: decodeURIComponent(plain[2]) }
}

async function roundTrip(bytes: Buffer, name: string, type: string) {
  const up = await uploadDocument(t, token, { kind: 'PHOTO', workOrderId }, { bytes, name, type })
  assert.equal(up.status, 201, JSON.stringify(up.body))
  const down = await downloadDocument(t, token, up.body.id)
  assert.equal(down.status, 200)
  return { listed: up.body.fileName as string, ...offered(down.headers['content-disposition']) }
}

describe('the name a document is offered under', () => {
  test('a JPEG uploaded as photo-panne.jpg.hta is listed and offered as photo-panne.jpg', async () => {
    assert.deepEqual(await roundTrip(jpeg(), 'photo-panne.jpg.hta', 'application/hta'), { listed: 'photo-panne.jpg', ascii: 'photo-panne.jpg', utf8: 'photo-panne.jpg' })
  })

  test('a PDF whose name holds U+202E (shown « factureexe.pdf », saved .exe) loses it and ends in .pdf', async () => {
    assert.deepEqual(await roundTrip(pdf(), 'facture\u202Efdp.exe', 'application/pdf'), { listed: 'facturefdp.pdf', ascii: 'facturefdp.pdf', utf8: 'facturefdp.pdf' })
  })

  test('a name that is not the type it holds takes its type’s extension; a non-ASCII name travels as RFC 5987', async () => {
    assert.deepEqual(await roundTrip(png(), 'schéma.pdf', 'application/pdf'), { listed: 'schéma.png', ascii: 'sch_ma.png', utf8: 'schéma.png' })
    assert.deepEqual(await roundTrip(pdf(), 'Notice « Otis » 2.pdf', 'application/pdf'), { listed: 'Notice « Otis » 2.pdf', ascii: 'Notice _ Otis _ 2.pdf', utf8: 'Notice « Otis » 2.pdf' })
  })

  test('a row stored before the rule, named x"; filename="evil.html or with U+202E, is offered safely', async () => {
    const up = await uploadDocument(t, token, { kind: 'MANUAL', assetId }, { bytes: pdf(), name: 'notice.pdf' })
    assert.equal(up.status, 201)
    const rename = (fileName: string) => t.app.deps.database.db.update(documents).set({ fileName }).where(eq(documents.id, up.body.id))
    await rename('x"; filename="evil.html')
    let down = await downloadDocument(t, token, up.body.id)
    assert.deepEqual(offered(down.headers['content-disposition']), { ascii: 'x_; filename=_evil.pdf', utf8: 'x_; filename=_evil.pdf' })
    await rename('photo\u202Egpj.hta\u0007')
    down = await downloadDocument(t, token, up.body.id)
    assert.deepEqual(offered(down.headers['content-disposition']), { ascii: 'photogpj.pdf', utf8: 'photogpj.pdf' })
  })
})
