// The answer's sentences marked where they stand in a cited excerpt. An extractive answer is
// made of whole sentences of the excerpts (one line each, several sentences on a line at
// times); a generated one is not, and then nothing is marked.

export interface Segment { text: string; marked: boolean }

const SENTENCE_END = /(?<=[.!?…])\s+(?=\S)/u
const MIN_LENGTH = 3

/** The answer cut into sentences: at its line breaks, then after a full stop, ? or !. */
export function answerSentences(answer: string): string[] {
  return answer.split(/\n+/).flatMap((line) => line.split(SENTENCE_END)).map((s) => s.trim()).filter((s) => s.length >= MIN_LENGTH)
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** A sentence as a pattern that tolerates other white space (a line break in the excerpt). */
function patternOf(sentence: string): RegExp {
  return new RegExp(sentence.split(/\s+/).map(escape).join('\\s+'), 'gu')
}

/**
 * The excerpt in segments, the parts that hold one of `sentences` marked. Touching marks, or
 * marks only white space apart, become one.
 */
export function highlight(excerpt: string, sentences: string[]): Segment[] {
  const ranges: [number, number][] = []
  for (const sentence of sentences) {
    for (const m of excerpt.matchAll(patternOf(sentence))) ranges.push([m.index, m.index + m[0].length])
  }
  ranges.sort((a, b) => a[0] - b[0])
  const merged: [number, number][] = []
  for (const [start, end] of ranges) {
    const last = merged.at(-1)
    if (last && (start <= last[1] || /^\s*$/.test(excerpt.slice(last[1], start)))) last[1] = Math.max(last[1], end)
    else merged.push([start, end])
  }
  const segments: Segment[] = []
  let at = 0
  for (const [start, end] of merged) {
    if (start > at) segments.push({ text: excerpt.slice(at, start), marked: false })
    segments.push({ text: excerpt.slice(start, end), marked: true })
    at = end
  }
  if (at < excerpt.length) segments.push({ text: excerpt.slice(at), marked: false })
  return segments
}
