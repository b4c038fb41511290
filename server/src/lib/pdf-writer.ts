// A small PDF writer for generated manuals (the assistant's evaluation, the demo and the scale
// seeds): A4 pages of wrapped Helvetica text, or "scanned" pages that carry drawings only and
// no text layer, as a scan without OCR would. One PageSpec is exactly one page — a page that
// does not fit throws — so that "page 7" in a question is page 7 of the file.
import { PDFDocument, rgb, StandardFonts, type PDFFont, type PDFPage } from 'pdf-lib'

export type PageSpec =
  | { title?: string; paragraphs: string[] }
  | { scanned: true }

export interface PdfOptions {
  /** Stored in the document information dictionary (not drawn). */
  title?: string
  /** A fixed date keeps the bytes identical from run to run (pdf-lib stamps "now" otherwise). */
  date?: Date
}

const A4: [number, number] = [595.28, 841.89]
const MARGIN = 56
const BODY_SIZE = 10.5
const TITLE_SIZE = 14
const LEADING = 1.35
const PARAGRAPH_GAP = 6
const FIXED_DATE = new Date('2024-01-01T00:00:00Z')

// Characters Helvetica (WinAnsi) cannot encode, with what a typist would have written.
const FALLBACKS: Record<string, string> = {
  '\u202f': ' ', '\u2009': ' ', '\u2007': ' ', '\u2264': '<=', '\u2265': '>=', '\u2248': '~',
  '\u2212': '-', '\u2011': '-', '\u03a9': 'ohm', '\u2192': '->', '\u221e': 'infini',
}

const charsets = new WeakMap<PDFFont, Set<number>>()

/** Text Helvetica can draw: known substitutions, then anything else unencodable becomes '?'. */
function drawable(font: PDFFont, text: string): string {
  let supported = charsets.get(font)
  if (!supported) charsets.set(font, supported = new Set(font.getCharacterSet()))
  let out = ''
  for (const ch of text) {
    const code = ch.codePointAt(0)!
    if (supported.has(code)) out += ch
    else out += FALLBACKS[ch] ?? (/\s/.test(ch) ? ' ' : '?')
  }
  return out
}

/**
 * Greedy word wrap to `width` points; a word longer than the line is cut where it must be.
 * As a typesetter would, it never breaks between two digits (« 1 100 kg », « 06 12 34 56 78 »)
 * nor at a no-break space; a deliberate break is a '\n' in the paragraph.
 */
export function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = []
  let line = ''
  for (const word of text.split(/(?<!\d) +| +(?!\d)/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word
    if (font.widthOfTextAtSize(candidate, size) <= width) { line = candidate; continue }
    if (line) lines.push(line)
    line = word
    while (font.widthOfTextAtSize(line, size) > width) {
      let cut = line.length - 1
      while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--
      lines.push(line.slice(0, cut))
      line = line.slice(cut)
    }
  }
  if (line) lines.push(line)
  return lines
}

function drawTextPage(page: PDFPage, fonts: { body: PDFFont; bold: PDFFont }, spec: { title?: string; paragraphs: string[] }, n: number) {
  const width = A4[0] - 2 * MARGIN
  let y = A4[1] - MARGIN
  const line = (text: string, font: PDFFont, size: number) => {
    y -= size * LEADING
    if (y < MARGIN) throw new Error(`writePdf: page ${n} does not fit on one A4 page (shorten it or split it)`)
    page.drawText(text.replace(/\u00a0/g, ' '), { x: MARGIN, y, size, font, color: rgb(0.1, 0.1, 0.1) })
  }
  if (spec.title) {
    for (const l of wrap(fonts.bold, TITLE_SIZE, drawable(fonts.bold, spec.title), width)) line(l, fonts.bold, TITLE_SIZE)
    y -= PARAGRAPH_GAP * 2
  }
  for (const paragraph of spec.paragraphs) {
    // A '\n' is a real line break: what lets a generated page cut a phone number or a name
    // across two lines on purpose.
    for (const forced of paragraph.split('\n')) {
      for (const l of wrap(fonts.body, BODY_SIZE, drawable(fonts.body, forced), width)) line(l, fonts.body, BODY_SIZE)
    }
    y -= PARAGRAPH_GAP
  }
}

/** A page that looks scanned: a frame, grey bars where the lines of text would be, a stamp. No text. */
function drawScannedPage(page: PDFPage, n: number) {
  page.drawRectangle({ x: 0, y: 0, width: A4[0], height: A4[1], color: rgb(0.96, 0.95, 0.92) })
  page.drawRectangle({ x: MARGIN - 10, y: MARGIN - 10, width: A4[0] - 2 * MARGIN + 20, height: A4[1] - 2 * MARGIN + 20, borderColor: rgb(0.5, 0.5, 0.5), borderWidth: 1 })
  let y = A4[1] - MARGIN - 20
  for (let i = 0; y > MARGIN + 40; i++) {
    // Deterministic ragged line lengths, as paragraphs have.
    const len = (A4[0] - 2 * MARGIN) * (0.55 + ((i * 37 + n * 11) % 40) / 100)
    page.drawRectangle({ x: MARGIN, y, width: len, height: 6, color: rgb(0.55, 0.55, 0.55), opacity: 0.7 })
    y -= i % 6 === 5 ? 26 : 14
  }
  page.drawCircle({ x: A4[0] - MARGIN - 50, y: MARGIN + 60, size: 38, borderColor: rgb(0.6, 0.1, 0.1), borderWidth: 2 })
  page.drawLine({ start: { x: MARGIN, y: MARGIN + 20 }, end: { x: A4[0] / 2, y: MARGIN + 20 }, thickness: 1, color: rgb(0.3, 0.3, 0.3) })
}

export async function writePdf(pages: PageSpec[], opts: PdfOptions = {}): Promise<Uint8Array> {
  if (pages.length === 0) throw new Error('writePdf: at least one page')
  const doc = await PDFDocument.create()
  const date = opts.date ?? FIXED_DATE
  doc.setCreationDate(date)
  doc.setModificationDate(date)
  doc.setProducer('Palier')
  doc.setCreator('Palier')
  if (opts.title) doc.setTitle(drawable(await doc.embedFont(StandardFonts.Helvetica), opts.title))
  const fonts = { body: await doc.embedFont(StandardFonts.Helvetica), bold: await doc.embedFont(StandardFonts.HelveticaBold) }
  pages.forEach((spec, i) => {
    const page = doc.addPage(A4)
    if ('scanned' in spec) drawScannedPage(page, i + 1)
    else drawTextPage(page, fonts, spec, i + 1)
  })
  // No object streams: older readers (and grep) see the page objects plainly.
  return doc.save({ useObjectStreams: false })
}
