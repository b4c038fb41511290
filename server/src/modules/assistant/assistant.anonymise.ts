// TEMPORARY (replaced by the anonymiser branch before commit)
export const PLACEHOLDERS = { email: '[courriel]', phone: '[téléphone]', person: '[personne]' } as const
export interface Replacements { email: number; phone: number; person: number }
export interface Anonymiser { anonymise(text: string): { text: string; replaced: Replacements } }
export function buildAnonymiser(names: Iterable<string>): Anonymiser {
  const list = [...names].filter((n) => n.trim().split(/\s+/).length >= 2)
  const res = list.flatMap((n) => { const [f, ...l] = n.trim().split(/\s+/); const last = l.join(' '); return [`${f}\\s+${last}`, `${last}\\s+${f}`, `(?:M\\.|Mme|Monsieur|Madame)\\s+${last}`] })
  const nameRe = res.length ? new RegExp(`\\b(?:${res.join('|')})\\b`, 'giu') : null
  return {
    anonymise(text) {
      const replaced = { email: 0, phone: 0, person: 0 }
      let out = text.replace(/[\w.+-]+@[\w-]+(?:\.[\w-]+)+/g, () => { replaced.email++; return PLACEHOLDERS.email })
      out = out.replace(/(?:\+33\s?(?:\(0\))?\s?|0033\s?|\b0)[1-9](?:[\s.-]*\d{2}){4}\b/g, () => { replaced.phone++; return PLACEHOLDERS.phone })
      if (nameRe) out = out.replace(nameRe, () => { replaced.person++; return PLACEHOLDERS.person })
      return { text: out, replaced }
    },
  }
}
