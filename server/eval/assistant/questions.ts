// The evaluation's questions, worded as a technician types them (paraphrases, typos, no
// accents, capitals, loose codes), never copied from their source, and the held-out
// descriptions for suggestBilan. The material lives in three files; this one holds the shapes.
import { ANSWERABLE } from './questions-answerable.ts'
import { HELD_OUT } from './questions-heldout.ts'
import { UNANSWERABLE } from './questions-unanswerable.ts'

export type Expected =
  /** A page of a manual (its key in manuals/, 1-based page of the file). */
  | { doc: string; page: number }
  /** A landmark order (orders-landmarks.ts). */
  | { order: string }
  /** Any generated order of these situations on that elevator whose text holds the facts. */
  | { history: { asset: string; situations: string[] } }

export interface Answerable {
  id: string
  question: string
  /** An elevator of the seeded company (its key): the question is about « cet appareil ». */
  asset?: string
  expected: Expected
  /** What the first cited excerpt must hold (compared without case, accents or spacing). */
  facts: string[]
}

export const UNANSWERABLE_KINDS = ['near-miss', 'off-domain', 'personal', 'out-of-corpus'] as const
export type UnanswerableKind = (typeof UNANSWERABLE_KINDS)[number]

export interface Unanswerable {
  id: string
  question: string
  kind: UnanswerableKind
  asset?: string
  /** Why it must be refused (what is missing), for whoever debugs a failure. */
  why: string
}

export type FieldLabels = { symptom: string; component: string; cause: string; action: string; result?: string; circumstance?: string }

export interface HeldOut {
  id: string
  description: string
  /** The label expected per field; result and circumstance only where the text says them. */
  expected: FieldLabels
}

export { ANSWERABLE, HELD_OUT, UNANSWERABLE }
