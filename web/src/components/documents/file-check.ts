// What the API would refuse, found before sending (a 20 Mo file over a phone network is
// minutes lost): the same rules as server/src/modules/documents (documents.intake.ts), the
// type from the first bytes whatever the name, and the API's own words.
import { formatSize } from './format'

/** The API's limit (MAX_DOCUMENT_BYTES): exactly 20 Mo passes, one byte more is refused. */
export const MAX_DOCUMENT_BYTES = 20 * 1024 * 1024

const SIGNATURES = [
  [0x25, 0x50, 0x44, 0x46, 0x2d], // %PDF-
  [0xff, 0xd8, 0xff], // JPEG
  [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], // PNG
]

/** Why the API would refuse `file`, in French, or null when it would take it. */
export async function refusalOf(file: Blob): Promise<string | null> {
  if (file.size > MAX_DOCUMENT_BYTES) {
    // Just over the limit, the rounded size would read « 20 Mo » too.
    const size = formatSize(file.size)
    return `Fichier trop volumineux (${size === formatSize(MAX_DOCUMENT_BYTES) ? 'plus de 20 Mo' : size}) : 20 Mo au plus.`
  }
  const head = new Uint8Array(await file.slice(0, 8).arrayBuffer())
  const known = SIGNATURES.some((s) => head.length >= s.length && s.every((b, i) => head[i] === b))
  return known ? null : 'Type de fichier refusé : PDF, JPG ou PNG uniquement.'
}
