// Test fixtures of the assistant: PDFs with a real text layer (pdf-lib), elevators of a
// brand, and orders closed through the API with their coded report and notes.
import assert from 'node:assert/strict'
import { PDFDocument, StandardFonts } from 'pdf-lib'
import { setBrand } from './assistant.fixtures.queries.ts'
import type { TestApp } from '../../test/harness.ts'
import { uploadDocument } from '../documents/documents.fixtures.ts'
import { createWorkOrder, insertAsset } from '../work-orders/work-orders.fixtures.ts'

/** A PDF whose pages hold these lines of text; `null` is a page without text (a scan). */
export async function pdfOf(pages: (string | null)[]): Promise<Buffer> {
  const doc = await PDFDocument.create()
  const font = await doc.embedFont(StandardFonts.Helvetica)
  for (const text of pages) {
    const page = doc.addPage([595, 842])
    if (text === null) { page.drawRectangle({ x: 50, y: 400, width: 300, height: 200 }); continue }
    let y = 800
    for (const line of text.split('\n')) { page.drawText(line, { x: 40, y, size: 10, font }); y -= 13 }
  }
  return Buffer.from(await doc.save())
}

/** Uploads a PDF as a MANUAL of an elevator; returns the document id. */
export async function uploadManual(t: TestApp, token: string, assetId: string, name: string, pages: (string | null)[] | Buffer): Promise<string> {
  const bytes = Buffer.isBuffer(pages) ? pages : await pdfOf(pages)
  const res = await uploadDocument(t, token, { kind: 'MANUAL', assetId }, { bytes, name })
  assert.equal(res.status, 201, JSON.stringify(res.body))
  return res.body.id
}

/** An elevator of this brand and model at `locationId`. */
export async function insertElevator(t: TestApp, locationId: string, brand: string, model: string | null): Promise<string> {
  const id = await insertAsset(t, locationId)
  await setBrand(t.app.deps.database.db, id, brand, model)
  return id
}

/** The standard reference values' ids by field and label. */
export async function valueIds(t: TestApp, token: string): Promise<(field: string, label: string) => string> {
  const res = await t.api.listReferenceValues({}, token)
  assert.equal(res.status, 200)
  const map = new Map<string, string>(res.body.fields.flatMap((f) => f.values.map((v) => [`${f.field}/${v.label}`, v.id] as [string, string])))
  return (field, label) => {
    const id = map.get(`${field}/${label}`)
    assert.ok(id, `no value ${field}/${label}`)
    return id
  }
}

export interface ClosedOrder { description: string; notes?: string; symptom: string; component?: string; cause: string; action: string; result?: string; circumstance?: string }

/** An order created, reported and closed through the API (as the technician assigned). */
export async function closedOrder(t: TestApp, token: string, assetId: string, ids: (field: string, label: string) => string, o: ClosedOrder): Promise<{ id: string; reference: string }> {
  const order = await createWorkOrder(t, token, { assetId, description: o.description })
  const report = await t.api.upsertWorkOrderReport({
    params: { id: order.id },
    body: {
      symptomId: ids('SYMPTOM', o.symptom), causeId: ids('CAUSE', o.cause), actionId: ids('ACTION', o.action),
      ...(o.component ? { componentId: ids('COMPONENT', o.component) } : {}),
      ...(o.result ? { resultId: ids('RESULT', o.result) } : {}),
      ...(o.circumstance ? { circumstanceId: ids('CIRCUMSTANCE', o.circumstance) } : {}),
      ...(o.notes ? { notes: o.notes } : {}),
    },
  }, token)
  assert.equal(report.status, 200, JSON.stringify(report.body))
  const done = await t.api.transitionWorkOrder({ params: { id: order.id }, body: { to: 'DONE' } }, token)
  assert.equal(done.status, 200, JSON.stringify(done.body))
  return { id: order.id, reference: order.reference }
}
