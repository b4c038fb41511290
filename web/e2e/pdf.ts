// A real PDF with a text layer, made here so that a journey does not depend on the demo's
// manuals: A4 pages of Helvetica lines (WinAnsi, so French accents read back as written).
const WIN_ANSI: Record<string, number> = { '’': 0x92, '‘': 0x91, '“': 0x93, '”': 0x94, '–': 0x96, '—': 0x97, '€': 0x80, 'œ': 0x9c, 'Œ': 0x8c, '…': 0x85 }

/** A line as a PDF string literal: WinAnsi bytes, the delimiters escaped. */
function literal(line: string): Buffer {
  const bytes = [...line].map((c) => WIN_ANSI[c] ?? (c.charCodeAt(0) < 256 ? c.charCodeAt(0) : 0x3f))
  const out: number[] = [0x28]
  for (const b of bytes) {
    if (b === 0x28 || b === 0x29 || b === 0x5c) out.push(0x5c)
    out.push(b)
  }
  out.push(0x29)
  return Buffer.from(out)
}

/** One page per entry, each a list of lines written from the top of the page. */
export function textPdf(pages: string[][]): Buffer {
  const objects: Buffer[] = []
  const add = (body: Buffer | string) => { objects.push(typeof body === 'string' ? Buffer.from(body, 'latin1') : body); return objects.length }
  add('<< /Type /Catalog /Pages 2 0 R >>')
  add('') // the page tree, written once the pages are known
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>')
  const kids: number[] = []
  for (const lines of pages) {
    const text = Buffer.concat([
      Buffer.from('BT /F1 11 Tf 14 TL 56 790 Td\n', 'latin1'),
      ...lines.flatMap((l) => [literal(l), Buffer.from(' Tj T*\n', 'latin1')]),
      Buffer.from('ET', 'latin1'),
    ])
    const content = add(Buffer.concat([Buffer.from(`<< /Length ${text.length} >>\nstream\n`, 'latin1'), text, Buffer.from('\nendstream', 'latin1')]))
    kids.push(add(`<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${content} 0 R >>`))
  }
  objects[1] = Buffer.from(`<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`, 'latin1')

  const parts: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')]
  const offsets: number[] = []
  let at = parts[0]!.length
  objects.forEach((body, i) => {
    const chunk = Buffer.concat([Buffer.from(`${i + 1} 0 obj\n`, 'latin1'), body, Buffer.from('\nendobj\n', 'latin1')])
    offsets.push(at)
    parts.push(chunk)
    at += chunk.length
  })
  const xref = [`xref\n0 ${objects.length + 1}\n`, '0000000000 65535 f \n', ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`)].join('')
  parts.push(Buffer.from(`${xref}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${at}\n%%EOF\n`, 'latin1'))
  return Buffer.concat(parts)
}
