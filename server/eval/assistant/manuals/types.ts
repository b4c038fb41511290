// What a generated manual is: its pages (one PageSpec per page, so page numbers in questions
// are the file's), where it is attached in the seeded company, and whether it stays in the
// assistant's corpus.
import type { PageSpec } from '../../../src/lib/pdf-writer.ts'

export interface Manual {
  /** Short key used by the questions and the seed. */
  key: string
  fileName: string
  title: string
  pages: PageSpec[]
  /** An elevator of the seeded company (its key) or a seeded work order (its key). */
  attach: { asset: string } | { order: string }
  /** false: uploaded, then taken out of the corpus with updateDocumentCorpus. Default true. */
  inCorpus?: boolean
}

/** A document that claims to be a PDF but is not one: the re-indexing must count it and go on. */
export interface DamagedFile {
  key: string
  fileName: string
  bytes: Uint8Array
  attach: { asset: string }
}
