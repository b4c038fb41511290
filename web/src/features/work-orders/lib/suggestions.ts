// suggestBilan's answer beside the report's six pickers: what to send (the order's description
// and the notes typed), and for each field the suggestions a tap may choose, with their score.
import type { Schemas } from '@/lib/api/client'

export type Suggestions = Schemas['BilanSuggestions']
export type Suggestion = Schemas['BilanSuggestion']

/** The contract's limit on SuggestBilan.description. */
export const MAX_DESCRIPTION = 4000

const percent = new Intl.NumberFormat('fr-FR', { style: 'percent', maximumFractionDigits: 0 })

/** 0.8249 → « 82 % ». */
export const formatScore = (score: number) => percent.format(score)

/**
 * What the technician has written about the visit: the order's description, then the notes
 * typed so far; null when there is nothing to suggest from. Cut to the contract's limit.
 */
export function suggestionInput(description: string | null | undefined, notes: string): string | null {
  const text = [description, notes].map((t) => t?.trim()).filter(Boolean).join('\n')
  return text ? text.slice(0, MAX_DESCRIPTION) : null
}

/** A field's suggestions that its picker can show (an active value it lists), best first, three at most. */
export function choicesFor(all: Suggestions | undefined, key: keyof Suggestions, offered: { value: string }[]): Suggestion[] {
  if (!all) return []
  return all[key].filter((s) => offered.some((o) => o.value === s.id)).slice(0, 3)
}

export function hasAny(all: Suggestions): boolean {
  return Object.values(all).some((list) => list.length > 0)
}
