// The store's part of askAssistant (docs/assistant.md "How it answers"): the question's terms
// read against the generation's words, then the excerpts judged for them: manual pages
// matching any term, reports holding every term (a report answers only then).
import type { Db } from '../../platform/db.ts'
import { judge, rankJudged, termsOf, tsquery, withJoinedCodes, type Judged, type Term } from './assistant.ask.ts'
import * as q from './assistant.queries.ts'
import { expandAbbreviations, numbersOf, synonymsOf } from './assistant.text.ts'

/** The terms of a question, with their weights and typos corrected, for one generation. */
export async function termsFor(db: Db, generation: { id: number; excerpts: number }, question: string, brands: Set<string>): Promise<Term[]> {
  const lexemes = await q.lexemesOf(db, expandAbbreviations(withJoinedCodes(question)))
  const [infos, codeMatches] = await Promise.all([
    q.lexemeInfo(db, generation.id, [...new Set(lexemes.flatMap((l) => synonymsOf(l)))]),
    q.codesEndingWith(db, generation.id, numbersOf(question)),
  ])
  return termsOf(question, lexemes, infos, generation.excerpts, codeMatches, brands)
}

/** The excerpts the caller may read for these terms, judged and best first. */
export async function judgedFor(db: Db, generation: number, terms: Term[], reach: q.Reach, asset: q.AskedAsset | null, decimals: string[], history: boolean): Promise<Judged[]> {
  const every = tsquery(terms, true)
  const [pages, reports, assetLexemes] = await Promise.all([
    q.documentCandidates(db, generation, tsquery(terms, false), every, reach, 40),
    q.reportCandidates(db, generation, every, reach, asset?.id ?? null, 30),
    asset ? q.lexemesOf(db, asset.brand) : Promise.resolve([]),
  ])
  return rankJudged([...pages, ...reports].map((c) => judge(c, terms, asset, assetLexemes, decimals)), asset, history)
}
