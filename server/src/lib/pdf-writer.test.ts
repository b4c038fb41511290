// The generated PDFs read back as the assistant's indexer will read them (unpdf, one text per
// page): every word of a text page is there, a scanned page has no text at all, a forced line
// break stays a line break, and the same pages give the same bytes.
import assert from 'node:assert/strict'
import { test } from 'node:test'
import { extractText, getDocumentProxy } from 'unpdf'
import { writePdf } from './pdf-writer.ts'

const pagesOf = async (bytes: Uint8Array) => (await extractText(await getDocumentProxy(new Uint8Array(bytes)), { mergePages: false })).text
const words = (s: string) => s.split(/\s+/).filter(Boolean)

test('each text page reads back word for word; the scanned page gives no text', async () => {
  const long = Array.from({ length: 60 }, (_, i) => `mot${i}`).join(' ')
  const bytes = await writePdf([
    { title: 'Frein MG250 — réglage de l\'entrefer', paragraphs: ['Entrefer : 0,3 à 0,5 mm. Couple de serrage 45 N.m ± 10 %. Charge 1 100 à 2 000 kg ; déchet 13 01 10*.', long] },
    { scanned: true },
    { paragraphs: ['Cœur de la manœuvre : « E-214 » — défaut de porte, élève ≤ 3 s.'] },
  ])
  assert.equal(new TextDecoder().decode(bytes.slice(0, 5)), '%PDF-')
  const [first, scanned, third] = await pagesOf(bytes)
  assert.deepEqual(words(first), words('Frein MG250 — réglage de l\'entrefer Entrefer : 0,3 à 0,5 mm. Couple de serrage 45 N.m ± 10 %. Charge 1 100 à 2 000 kg ; déchet 13 01 10*. ' + long))
  assert.ok(first.split('\n').length > 3, 'wrapped over several lines')
  assert.equal(scanned.trim(), '')
  // Unencodable characters are replaced, not dropped silently.
  assert.deepEqual(words(third), words('Cœur de la manœuvre : « E-214 » — défaut de porte, élève <= 3 s.'))
})

test('a \\n breaks the line there; numbers are never wrapped between their digits', async () => {
  const filler = 'La visite de contrôle comprend la vérification complète des organes de sécurité et'
  const bytes = await writePdf([{ paragraphs: [`${filler} 06 12 34 56 78 puis 1 100 à 2 000 kg.`, 'Contact : M. Laurent\nGirard, tél. 06 12 34\n56 78'] }])
  const [text] = await pagesOf(bytes)
  const lines = text.split('\n')
  assert.ok(lines.some((l) => l.includes('06 12 34 56 78')), text)
  assert.ok(lines.some((l) => l.includes('1 100 à 2 000 kg')), text)
  assert.ok(lines.includes('Contact : M. Laurent'), text)
  assert.ok(lines.includes('Girard, tél. 06 12 34'), text)
  assert.ok(lines.includes('56 78'), text)
})

test('deterministic bytes; a page that does not fit throws rather than spilling onto another', async () => {
  const pages = [{ title: 'Titre', paragraphs: ['Un paragraphe.'] }, { scanned: true as const }]
  assert.deepEqual(await writePdf(pages), await writePdf(pages))
  await assert.rejects(writePdf([{ paragraphs: ['bla '.repeat(6000)] }]), /does not fit/)
})
