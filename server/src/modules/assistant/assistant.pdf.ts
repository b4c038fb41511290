// Text of a library PDF, page by page (unpdf bundles PDF.js: never load pdfjs-dist beside it).
// A page without a text layer (a scan) comes back empty: the indexer counts it and skips it.
import type { Readable } from 'node:stream'
import { extractText, getDocumentProxy } from 'unpdf'

/** Reads at most `maxBytes` of a stream (documents are at most 20 MB). */
export async function readAll(stream: Readable, maxBytes: number): Promise<Uint8Array> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of stream) {
    size += (chunk as Buffer).length
    if (size > maxBytes) { stream.destroy(); throw new Error('document larger than its limit') }
    chunks.push(chunk as Buffer)
  }
  return new Uint8Array(Buffer.concat(chunks, size))
}

/** One text per page, in order; throws when the file is not a readable PDF. */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  // verbosity 0: PDF.js says nothing on the console (a damaged file is our counted case).
  const pdf = await getDocumentProxy(bytes, { verbosity: 0 })
  try {
    const { text } = await extractText(pdf, { mergePages: false })
    return text
  } finally {
    await pdf.loadingTask.destroy()
  }
}

/** A page holds text worth indexing: a few letters at least, not just page furniture. */
export function hasText(page: string): boolean {
  return (page.match(/\p{L}/gu)?.length ?? 0) >= 20
}
