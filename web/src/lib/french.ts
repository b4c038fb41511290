// Generated French sentences: « de » elides before a vowel or a mute h (« d’Émilie »,
// « d’avril », « d’Hôtel-Dieu ») — a name typed by a person decides, so it is judged at run time.

// Aspirated-h words keep « de » (« de Hugo » stays, « du Havre »…); the list holds the common ones
// met in names and months; an unknown h word elides, as most do.
const ASPIRATED_H = /^h(a(che|ll|m|n|r|s|u)|é(ros|risson)|i(bou|err)|o(ll|nt|rs|ugo)|u(g|m|tt)|ug)/i

function elides(word: string): boolean {
  const w = word.trim().normalize('NFD').replace(/[\u0300-\u036f]/g, '')
  if (/^[aeiouy]/i.test(w)) return !/^(y[aeiou]|oui\b|onze\b)/i.test(w) // « de Yannick », « de onze »
  if (/^h/i.test(w)) return !ASPIRATED_H.test(w)
  return false
}

/** The preposition alone, for a word set apart (bold): deBefore('Émilie') → « d’ », deBefore('Paul') → « de ». */
export function deBefore(word: string): string {
  return elides(word) ? 'd’' : 'de '
}

/** « de » + word: de('Émilie') → « d’Émilie », de('Paul') → « de Paul ». */
export function de(word: string): string {
  return elides(word) ? `d’${word.trim()}` : `de ${word.trim()}`
}

/** First letter up: « d’avril » → « D’avril » at the start of a sentence. */
export function capitalize(s: string): string {
  return s.charAt(0).toUpperCase() + s.slice(1)
}
