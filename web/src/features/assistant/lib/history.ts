// The questions of the session, newest first: kept by the page only (state), a few at most.
import type { Answer } from '../labels'

export interface Asked {
  id: number
  question: string
  /** The elevator it was asked about, when one was. */
  asset: { id: string; reference: string } | null
  answer: Answer
}

export const HISTORY_SIZE = 8

export function withAsked(history: Asked[], asked: Asked): Asked[] {
  return [asked, ...history].slice(0, HISTORY_SIZE)
}
