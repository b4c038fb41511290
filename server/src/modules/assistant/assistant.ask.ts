// askAssistant's reading of a question (docs/assistant.md "How it answers"): the question's
// terms, each weighted by its rarity in the corpus, with typos corrected against the corpus's
// own words; the specific terms (brand, model, code, number) that an excerpt must hold for the
// answer to be about the right thing; then the excerpt that covers the question best, or an
// honest refusal that says which terms were not found.
import { asksForPersonalData, ATTACHED_TO, codesOf, fold, givesValueOf, isUnit, KNOWN_BRANDS, MODIFIER_LEXEMES, numbersOf, QUANTITY_LEXEMES, QUESTION_LEXEMES, sentencesOf, synonymsOf, UNITS } from './assistant.text.ts'
import type { AskedAsset, Candidate, LexemeInfo } from './assistant.queries.ts'
import type { RefusalReason } from './assistant.schemas.ts'

/** One thing the question asks about: its lexeme, the lexemes meaning the same, its weight. */
export interface Term {
  /** As the person wrote it (for « missing terms »). */
  word: string
  lexemes: string[]
  weight: number
  /** Brand, model, code or number: an excerpt without it is about something else. */
  specific: boolean
  /** Found nowhere in the corpus (after typo correction). */
  unknown: boolean
  /** A modifier (« mini », « nominale »): ranks pages, never decides acceptance. */
  soft?: boolean
  /** The quantity asked (« masse », « couple »): an excerpt without it answers something else. */
  quantity?: boolean
}

// An excerpt must cover this share of the question's weight to be an answer.
export const MIN_COVERAGE = 0.6
export const MIN_REPORT_COVERAGE = 0.7
// A page's best line (with its heading and title) must hold this share of the known words.
export const MIN_LOCAL_COVERAGE = 0.8
// Below this share of terms known to the corpus, a question that found nothing is off-domain.
const MIN_KNOWN_SHARE = 0.5
// A typo is corrected to a known lexeme at least this similar (trigrams).
const MIN_SIMILARITY = 0.5
// What a word the corpus never saw weighs, against a known one on average: a paraphrase brings
// words of its own, a question about something else brings many.
const UNKNOWN_WEIGHT = 0.75

const BRANDS = new Set(KNOWN_BRANDS)

/** The question's text with its codes joined (« e 301 » → « e301 ») before stemming. */
export function withJoinedCodes(question: string): string {
  const codes = codesOf(question)
  let text = fold(question)
  for (const c of codes) {
    const letters = c.match(/^[a-z]+/)![0]
    const digits = c.slice(letters.length)
    text = text.replace(new RegExp(`(?<![a-z0-9])${letters}[-‐–_. ]?${digits}(?![0-9])`, 'g'), c)
  }
  return text
}

// Stems of the way a French question is built (« faut-il », « a-t-on », « est-ce »).
const INVERSION = /^(?:.*-(?:t-)?(?:il|elle|on|ils|elles|je|tu|nous|vous|ce)|est-ce|qu)$/

/**
 * Terms of the question, from its stems and what the corpus knows of them. A term the corpus
 * does not know weighs half a known one on average: a paraphrase brings words of its own,
 * while a question made mostly of such words is about something else.
 */
export function termsOf(question: string, asked: string[], infos: LexemeInfo[], corpusSize: number, codeMatches: string[], fleetBrands: Set<string>): Term[] {
  const codes = new Set(codesOf(question))
  const written = [...question.matchAll(/[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu)].map((m) => m[0])
  // The word as the person wrote it, for the refusal (the stem « tondeux » reads « tondeuse »).
  const asWritten = (lexeme: string) => {
    const bare = lexeme.replace(/[^a-z0-9]/g, '')
    return written.find((w) => fold(w).replace(/[^a-z0-9]/g, '').startsWith(bare))
      ?? written.find((w) => bare.length >= 4 && fold(w).startsWith(bare.slice(0, Math.max(4, bare.length - 2)))) ?? lexeme
  }
  const numbers = new Set(numbersOf(question))
  const foldedWords = new Set(fold(question).split(/[^a-z0-9]+/))
  const isBrand = (w: string) => BRANDS.has(w) || fleetBrands.has(w)
  const idf = (df: number) => Math.log((corpusSize + 1) / (df + 0.5))
  const terms: Term[] = []
  const df = new Map(infos.map((i) => [i.lexeme, i.excerpts]))
  for (const info of infos.filter((i) => asked.includes(i.lexeme))) {
    if (QUESTION_LEXEMES.has(info.lexeme) || INVERSION.test(info.lexeme)) continue
    const brand = isBrand(info.lexeme) || [...foldedWords].some((w) => isBrand(w) && w.startsWith(info.lexeme))
    const isCode = codes.has(info.lexeme) || /[a-z]\d|\d[a-z]/.test(info.lexeme)
    const isNumber = /^\d{2,}$/.test(info.lexeme) && numbers.has(info.lexeme)
    let lexeme = info.lexeme
    // Known through a word of the same meaning (« jeu » when the corpus says « entrefer »).
    const groupDf = Math.max(...synonymsOf(lexeme).map((l) => df.get(l) ?? 0))
    let unknown = groupDf === 0
    // Short words are corrected only when nearly identical: « four » is not « fourn(i) ».
    const minSimilarity = info.lexeme.length <= 5 ? 0.65 : MIN_SIMILARITY
    // A typo is one or two letters off (« serage »), not another word (« tondeuse », « tendeur »).
    const close = info.nearest !== null && editDistance(info.lexeme, info.nearest) <= (info.lexeme.length <= 7 ? 1 : 2)
    if (unknown && !brand && !isCode && !isNumber && info.nearest && close && info.similarity >= minSimilarity) {
      lexeme = info.nearest
      unknown = false
    }
    // A bare number may be the end of a known code (« erreur 301 » → « e301 »).
    const endingCodes = isNumber ? codeMatches.filter((c) => c.endsWith(lexeme)) : []
    if (unknown && endingCodes.length) unknown = false
    const lexemes = isNumber ? [lexeme, ...endingCodes] : synonymsOf(lexeme)
    // An unknown word written with a capital inside the question is a name (a maker, a model).
    const written1 = asWritten(info.lexeme)
    const properName = unknown && /^\p{Lu}/u.test(written1) && written.indexOf(written1) > 0 && !UNITS.has(fold(written1))
    terms.push({ word: written1, lexemes, weight: unknown ? 0 : Math.max(idf(Math.max(groupDf, df.get(lexeme) ?? 0)), 0.05), specific: brand || isCode || isNumber || properName, unknown, soft: MODIFIER_LEXEMES.has(info.lexeme), quantity: QUANTITY_LEXEMES.has(lexeme) })
  }
  // « couple de serrage » is one thing asked, not two: terms sharing a meaning count once.
  for (let i = terms.length - 1; i > 0; i--) {
    const t = terms[i]!
    const same = terms.slice(0, i).find((o) => o.lexemes.some((l) => t.lexemes.includes(l)))
    if (same) { same.weight = Math.max(same.weight, t.weight); same.quantity ||= t.quantity; same.lexemes = [...new Set([...same.lexemes, ...t.lexemes])]; terms.splice(i, 1) }
  }
  const known = terms.filter((t) => !t.unknown)
  const mean = known.length ? known.reduce((s, t) => s + t.weight, 0) / known.length : 1
  for (const t of terms) if (t.unknown) t.weight = mean * UNKNOWN_WEIGHT
  return terms
}

/** Whether the question is mostly in words the corpus has never seen (counted, not weighed). */
/** « ma tondeuse », « mon four »: someone's own thing the corpus never mentions. */
export function aboutOwnThing(question: string, terms: Term[]): boolean {
  const owned = [...fold(question).matchAll(/\b(?:ma|mon|mes|ta|ton|tes|notre|nos)\s+([a-z]+)/g)].map((m) => m[1]!)
  return terms.some((t) => t.unknown && !t.specific && owned.some((w) => w.startsWith(t.lexemes[0]!.slice(0, 4))))
}

export function mostlyUnknown(terms: Term[]): boolean {
  // A known code (« E-220 ») is this trade's own vocabulary, whatever words surround it.
  if (terms.some((t) => t.specific && !t.unknown && /\d/.test(t.lexemes[0] ?? ''))) return false
  const plain = terms.filter((t) => !t.specific)
  return plain.length > 0 && plain.filter((t) => t.unknown).length / plain.length > 1 - MIN_KNOWN_SHARE
}

/** The tsquery text of the terms: every term (AND), or any of them (OR). */
export function tsquery(terms: Term[], all: boolean): string {
  const quote = (l: string) => `'${l.replace(/\\/g, '\\\\').replace(/'/g, "''")}'`
  // As judge() covers a term: its own stem exactly, a synonym also as the start of a stem.
  const group = (t: Term) => [...new Set(t.lexemes)].map((l, i) => quote(l) + (i > 0 && l.length >= 4 ? ':*' : ''))
  const groups = terms.filter((t) => !t.unknown && !(all && t.soft)).map((t) => `(${group(t).join(' | ')})`)
  return groups.join(all ? ' & ' : ' | ')
}

export interface Judged {
  candidate: Candidate
  coverage: number
  missing: Term[]
  accepted: boolean
  /** The best share of the question held by one line with the excerpt's own context. */
  lineCoverage: number
  /** Every specific term stands in the excerpt's own text (not only in its elevator's brand). */
  own: boolean
  /** The share of the question's plain words that a heading of the page names: its section's topic. */
  headingCoverage: number
  /** The best share of the question's known words held by one line or sentence, its heading and the title. */
  localCoverage: number
}

/** Folded words of a text with its joined codes: what a term's stems are looked for in. */
export function wordsOf(text: string): string[] {
  const folded = fold(text)
  // Units written with a slash (« m/s », « l/min ») are one word, as the stemmer keeps them.
  return [...folded.split(/[^a-z0-9,]+/).filter(Boolean), ...codesOf(text), ...(folded.match(/(?<![a-z])[a-z]{1,3}\/[a-z]{1,3}(?![a-z])/g) ?? [])]
}
// A stem is the start of its word, but for the French stemmer's y → i (« voyant » → « voi »).
const has = (words: string[], t: Term) => t.lexemes.some((l) => words.some((w) => w.startsWith(l) || (w.includes('y') && w.replace(/y/g, 'i').startsWith(l))))

/** Decimal values of the question (« 2,5 m/s »): the excerpt must hold them as written. */
export function decimalsOf(question: string): string[] {
  return [...question.matchAll(/(?<![\d,.])\d+,\d+(?![\d,])/g)].map((m) => m[0])
}

/**
 * How well an excerpt answers: the share of the question's weight it holds, and what it lacks.
 * Accepted when it covers enough, holds every specific term and the question's main term, and
 * holds them together: the main term and each specific term not given by the excerpt's context
 * on one line or two consecutive ones (a table listing MG250 and MG400 values answers for the
 * model its line names, not for the other).
 */
export function judge(c: Candidate, terms: Term[], asset: AskedAsset | null, assetLexemes: string[], decimals: string[] = []): Judged {
  const held = new Set(c.lexemes)
  // The question's own stem exactly; a synonym also as the start of a stem (« desserrag… »).
  const covers = (t: Term) => held.has(t.lexemes[0]!) || t.lexemes.slice(1).some((l) => held.has(l) || (l.length >= 4 && c.lexemes.some((h) => h.startsWith(l))))
    || (!!t.quantity && givesValueOf(c.body, t.lexemes))
  const all = terms
  terms = terms.filter((t) => !t.soft)
  const total = terms.reduce((s, t) => s + t.weight, 0)
  const missing = terms.filter((t) => !covers(t))
  const coverage = total === 0 ? 0 : (total - missing.reduce((s, t) => s + t.weight, 0)) / total
  const namesBrand = terms.some((t) => t.specific && !/\d/.test(t.word))
  // Asked about one elevator without naming a brand: the excerpt must be about that elevator
  // or its brand, and a manual of several models about its model when it names models.
  const onAsset = asset !== null && c.assetId === asset.id
  const assetModel = asset?.model ? codesOf(asset.model)[0] : undefined
  const otherReport = c.kind === 'REPORT' && !onAsset && !(assetModel && held.has(assetModel))
  const aboutAsset = !asset || namesBrand || onAsset || !otherReport && (assetLexemes.some((l) => held.has(l)) && (!assetModel || held.has(assetModel) || !/[a-z]\d/.test([...held].join(' '))))
  // A code asked (« E-203 ») is the question's subject: the line that holds it answers, whatever
  // the words around (« affiché », « défaut »). Otherwise the rarest known word is (not a unit).
  const context = wordsOf(c.context)
  const bodyWords = wordsOf(c.body)
  // A manual's own name and title, without the elevator it is attached to.
  const ownContext = wordsOf(c.kind === 'DOCUMENT' ? c.context.split(ATTACHED_TO)[0]! : c.context)
  const own = terms.filter((t) => t.specific && !t.unknown).every((t) => has(bodyWords, t) || has(ownContext, t))
  const asksCode = terms.some((t) => t.specific && !t.unknown && t.lexemes.some((l) => /[a-z]\d/.test(l)) && has(bodyWords, t) && !has(context, t))
  const byWeight = (a: Term, b: Term) => b.weight - a.weight
  const plainKnown = terms.filter((t) => !t.specific && !t.unknown && !isUnit(t.lexemes[0]!)).sort(byWeight)
  const main = asksCode ? undefined : plainKnown[0]
  // Where the answer stands: the line giving the quantity asked when there is one (« poids maxi
  // de la cabine MG400 » is answered by the line of the MG400's load, not one naming the cabin).
  const anchor = asksCode ? undefined : (plainKnown.find((t) => t.quantity) ?? main)
  // A model named by the context (« MG250-MG400 ») says which page, not which line: when the
  // body names several models of that series, the asked one must stand on the answer's line.
  const series = (l: string) => l.replace(/\d.*$/, '')
  const bodyCodes = codesOf(c.body)
  const ambiguous = (t: Term) => t.lexemes.some((l) => /[a-z]\d/.test(l) && bodyCodes.some((b) => b !== l && series(b) === series(l)))
  const together = [...(anchor ? [anchor] : []), ...terms.filter((t) => t.specific && !t.unknown && (!has(context, t) || ambiguous(t)))]
  // Where words stand together: a physical line, or a sentence the PDF wrapped over several.
  const units = sentencesOf(c.body, false)
  const lines = units.map((u) => wordsOf(u.text))
  // A line stands under its heading (the nearest short line above it without a full stop,
  // within 8 lines): « Défreinage manuel » then « MG250 : levier MT-LV2 » answers the MG250's
  // défreinage. A line ending with « : » is continued by the next.
  const isHeading = (u: { text: string }) => u.text.length < 70 && !/[.;]$/.test(u.text)
  const headingOf: number[] = []
  let lastHeading = -1
  units.forEach((u, i) => { headingOf[i] = lastHeading >= 0 && i - lastHeading <= 8 ? lastHeading : -1; if (isHeading(u)) lastHeading = i })
  const headingWords = (i: number) => (headingOf[i]! >= 0 ? lines[headingOf[i]!]! : [])
  // Where words stand together: each physical line, and each sentence the PDF wrapped over
  // several lines (read whole), with its heading.
  const places = units.map((u, i) => {
    const continued = /:\s*$/.test(u.text) && units[i + 1]
    return { words: [...lines[i]!, ...(continued ? lines[i + 1]! : []), ...headingWords(i)], text: continued ? `${u.text} ${units[i + 1]!.text}` : u.text }
  })
  let unit = 0
  for (const sentence of sentencesOf(c.body)) {
    while (unit + 1 < units.length && units[unit + 1]!.start <= sentence.start) unit++
    places.push({ words: [...wordsOf(sentence.text), ...headingWords(unit)], text: sentence.text })
  }
  const holdsThere = (p: { words: string[]; text: string }, t: Term) => has(p.words, t) || (!!t.quantity && givesValueOf(p.text, t.lexemes))
  const local = together.length <= 1 || places.some((p) => together.every((t) => holdsThere(p, t)))
  const body = c.body.replace(/\s+/g, ' ')
  // A report is a few lines: one that shares only some words with the question is another case.
  const minCoverage = c.kind === 'REPORT' ? MIN_REPORT_COVERAGE : MIN_COVERAGE
  // A report answers only when it holds every known word of the question (its few lines say
  // what happened; a report sharing half the words is about another case).
  const reportHoldsAll = c.kind !== 'REPORT' || !missing.some((t) => !t.unknown)
  // A page answers where the question stands together: one line or sentence, with its heading
  // and the title, holds nearly all of its known words (the page of the relief valve does not
  // answer for the check valve because both are on it). A report is a few lines: it holds them all.
  const knownTerms = terms.filter((t) => !t.unknown)
  const knownTotal = knownTerms.reduce((sum, t) => sum + t.weight, 0) || 1
  const inTitle = knownTerms.filter((t) => has(ownContext, t))
  const localCoverage = c.kind === 'REPORT' ? 1 : Math.max(0, ...places.map((p) =>
    knownTerms.filter((t) => inTitle.includes(t) || holdsThere(p, t)).reduce((sum, t) => sum + t.weight, 0) / knownTotal))
  const standsTogether = c.kind === 'REPORT' || localCoverage >= MIN_LOCAL_COVERAGE
  const accepted = coverage >= minCoverage && reportHoldsAll && !missing.some((t) => t.specific || t.quantity) && (!main || covers(main)) && local
    && standsTogether && decimals.every((d) => body.includes(d)) && aboutAsset && !mostlyUnknown(terms)
  const allTotal = all.reduce((sum, t) => sum + t.weight, 0)
  // The title stands above every line of its page.
  const lineCoverage = allTotal === 0 ? 0 : Math.max(0, ...lines.map((w) => all.filter((t) => has(w, t) || has(ownContext, t)).reduce((sum, t) => sum + t.weight, 0) / allTotal))
  const plain = all.filter((t) => !t.specific && !t.unknown)
  const plainTotal = plain.reduce((sum, t) => sum + t.weight, 0)
  const headings = lines.filter((_, i) => isHeading(units[i]!)).flat()
  const headingCoverage = plainTotal === 0 ? 0 : plain.filter((t) => has(headings, t)).reduce((sum, t) => sum + t.weight, 0) / plainTotal
  return { candidate: c, coverage, missing, accepted, lineCoverage, own, headingCoverage, localCoverage }
}

/**
 * The best excerpts first: accepted, then coverage with a little weight for a document (the
 * reference) and for the elevator asked about, then rank.
 */
export function rankJudged(judged: Judged[], asset: AskedAsset | null, history = false): Judged[] {
  const kind = (j: Judged) => (j.candidate.kind === 'DOCUMENT' ? (history ? 0 : 0.15) : (history ? 0.15 : 0))
  const score = (j: Judged) => j.coverage + 0.2 * j.lineCoverage + 0.1 * j.headingCoverage + kind(j) + (j.own ? 0.1 : 0) + (asset && j.candidate.assetId === asset.id ? 0.05 : 0)
  return [...judged].sort((a, b) => Number(b.accepted) - Number(a.accepted) || score(b) - score(a) || b.candidate.rank - a.candidate.rank)
}

/** Why nothing answers: the kind of refusal for this question and its best excerpt. */
export function refusalReason(question: string, terms: Term[], best: Judged | undefined): RefusalReason {
  if (asksForPersonalData(question)) return 'PERSONAL_DATA'
  if (!terms.length || mostlyUnknown(terms) || aboutOwnThing(question, terms)) return 'OFF_DOMAIN'
  if (terms.some((t) => t.specific && t.unknown)) return 'TERMS_NOT_COVERED'
  return best ? 'TERMS_NOT_COVERED' : 'NO_MATCH'
}

/** The French sentence of a refusal. */
export function refusalText(reason: RefusalReason, missing: string[]): string {
  const terms = missing.length ? ` (${missing.slice(0, 5).map((m) => `« ${m} »`).join(', ')})` : ''
  switch (reason) {
    case 'EMPTY_INDEX': return 'Je ne sais pas : aucun document ni rapport n’est encore indexé. Un administrateur peut lancer la réindexation.'
    case 'PERSONAL_DATA': return 'Je ne réponds pas aux questions sur les coordonnées ou l’identité des personnes : ces données sont retirées des documents indexés.'
    case 'OFF_DOMAIN': return 'Je ne sais pas : cette question ne porte pas sur la maintenance des ascenseurs ou ne correspond à rien dans les documents et rapports indexés.'
    case 'NO_MATCH': return `Je ne sais pas : aucun document ni rapport indexé ne traite de cette question${terms}.`
    case 'TERMS_NOT_COVERED': return `Je ne sais pas : les documents et rapports indexés n’en parlent pas pour ce qui est demandé${terms}.`
  }
}

/**
 * The answer drawn from an excerpt: its sentences that hold the question's terms, verbatim, in
 * the excerpt's order (at most three, the best first chosen), and the window of the excerpt
 * around them to show as the citation.
 */
export function extract(body: string, terms: Term[], decimals: string[] = [], context = ''): { sentences: string[]; window: string } {
  const sentences = sentencesOf(body)
  const tokens = (s: string) => [...fold(s).split(/[^a-z0-9,.-]+/), ...codesOf(s)]
  const holds = (s: string, t: Term) => { const w = tokens(s); return t.lexemes.some((l) => w.some((x) => x.startsWith(l))) }
  const score = (s: string, open: Term[]) => open.reduce((sum, t) => sum + (holds(s, t) ? t.weight : 0), 0)
  const chosen: number[] = []
  let open = terms.filter((t) => !t.unknown)
  for (let k = 0; k < 3 && open.length; k++) {
    let best = -1
    let bestScore = 0
    sentences.forEach((s, i) => {
      if (chosen.includes(i)) return
      // A heading (short, no figure, no full stop) names the topic; the line under it holds the answer.
      const heading = (s.text.length < 70 && !/[.;!?]$/.test(s.text) && !/\d[.,]?\d*\s*\p{L}/u.test(s.text.replace(/^\d+\.\s*/, ''))) || /\b\p{L}{1,3}-?\d+\s*(?:à|-|–)\s*\p{L}{1,3}-?\d+/u.test(s.text)
      // The line giving the value asked (« pour 1,6 m/s ») before its neighbours in a table.
      const value = k === 0 && decimals.some((d) => s.text.includes(d)) ? Math.max(...terms.map((t) => t.weight)) : 0
      const sc = score(s.text, open) * (heading ? 0.6 : 1) + value + (/\d/.test(s.text) ? 0.01 : 0) + (open.some((t) => t.specific && t.lexemes.includes(codesOf(s.text.slice(0, 12))[0] ?? '')) ? 0.5 : 0)
      if (sc > bestScore) { best = i; bestScore = sc }
    })
    if (best < 0 || (k > 0 && bestScore < 0.5)) break
    chosen.push(best)
    const text = sentences[best]!.text
    // What the excerpt's title already says (the model of the manual) needs no sentence of its own.
    open = open.filter((t) => !holds(text, t) && !holds(context, t))
  }
  if (!chosen.length && sentences.length) chosen.push(0)
  // A sentence ending with « : » announces what follows on the next line (a value, a list).
  const first = chosen[0]
  if (first !== undefined && /:\s*$/.test(sentences[first]!.text) && sentences[first + 1] && !chosen.includes(first + 1)) chosen.push(first + 1)
  chosen.sort((a, b) => a - b)
  const picked = chosen.map((i) => sentences[i]!)
  const from = Math.max(0, (picked[0]?.start ?? 0) - 600)
  const to = Math.min(body.length, (picked.at(-1)?.end ?? 0) + 600)
  const window = (from > 0 ? '… ' : '') + body.slice(from, to).trim() + (to < body.length ? ' …' : '')
  return { sentences: picked.map((s) => s.text), window: window.length > 4000 ? window.slice(0, 3990) + ' …' : window }
}

/** Levenshtein distance (short words only: stems of a question). */
export function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const cur = [i]
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    prev = cur
  }
  return prev[b.length]!
}
