// Known people's names as folded word sequences, and the search for them in a text. Matching
// is done word by word (Set look-ups on folded words) rather than with a regex per name: it
// is built once per re-indexing from up to ~25,000 names and then run on every excerpt.

// Folded words already seen: a corpus repeats its vocabulary, and NFKD is the costly part.
const FOLDED = new Map<string, string>()

/** Lower case without accents, ligatures or compatibility forms: « DUPRÉ » → « dupre ». */
export function foldWord(word: string): string {
  let folded = FOLDED.get(word)
  if (folded !== undefined) return folded
  folded = word
    .normalize('NFKD')
    .replace(/[\u0300-\u036f\u1ab0-\u1aff\u1dc0-\u1dff\u20d0-\u20ff\ufe20-\ufe2f]/g, '')
    .replace(/œ/gi, 'oe')
    .replace(/æ/gi, 'ae')
    .toLowerCase()
  if (FOLDED.size >= 100_000) FOLDED.clear()
  FOLDED.set(word, folded)
  return folded
}

// Civilities, folded. The short ones are words or units too (« m » is metres, « me » a
// pronoun, « dr » a direction on a drawing), so they count only when written with a capital.
const CIVILITY_ANY_CASE = new Set(['monsieur', 'madame', 'mademoiselle', 'mme', 'mmes', 'mlle', 'melle', 'docteur'])
const CIVILITY_CAPITAL = new Set(['m', 'mm', 'mr', 'dr', 'pr'])

// Particles of compound last names (« de la Tour », « Le Goff », « d'Artagnan »): often
// written in lower case, and never enough on their own to recognise a name.
const PARTICLES = new Set(['de', 'du', 'des', 'la', 'le', 'les', 'd', 'l', 'van', 'von', 'der', 'den', 'di', 'da', 'del', 'della', 'dos', 'ben', 'el', 'al'])

// Words that are also surnames: ordinary French words, elevator and electrical terms, words
// that open a sentence or a heading (where they take a capital), and equipment brands. A
// name word found here must be written with a capital to count, and a last name made only of
// such words is never replaced on its own (« Porte », « Frein », « Martin »), only with a
// civility or a first name.
const COMMON_WORDS = new Set(`
porte portes frein freins marche marches martin moteur cabine gaine treuil poulie cable cables contrepoids palier paliers
niveau bouton boutons manoeuvre armoire fosse local machine courroie galet galets guide guides coulisseau parachute
limiteur vitesse contact serrure verrou seuil tableau fusible relais variateur codeur capteur cellule rideau voyant
alarme batterie huile graisse joint ressort tambour machoire garniture disque plateau bobine levier roue vis ecrou
boulon rondelle goupille axe arbre palan poids charge couple serrage jeu entrefer usure reglage controle essai test
mesure valeur tension courant phase terre neutre masse carte module platine bornier borne liaison ligne bus defaut
erreur panne code page pages chapitre section figure note remarque attention danger avertissement important nota
client site etage service maintenance technique accueil direction gardien gardienne syndic agence societe entreprise
commercial bureau chef equipe atelier magasin stock piece pieces commande ordre travaux visite rapport bilan
ascenseur ascenseurs monte tour personne personnes escalier escaliers trappe toit plancher mur murs pont barre garde carre vallee riviere chene
roche moulin bois pierre fontaine chevalier berger boucher boulanger meunier marchand mercier charpentier cordier
barbier baron comte maitre cousin poulain renard lion loup bouquet bonnet breton leger petit grand gros fort blanc
noir brun rose vert bleu rouge gris beau bon juste doux franc sage noel clement laine champ champs four croix
mont val lac bas haut long court droit droite gauche avant arriere apres pendant lors selon voir cette pour dans sans
avec sous entre vers chez depuis ensuite enfin puis alors donc mais ainsi aussi tous toutes chaque jamais toujours
verifier controler remplacer nettoyer graisser regler serrer mettre couper ouvrir fermer monter descendre tourner
faire lire noter signaler prevenir appeler changer poser deposer reposer demonter remonter installer
boitier cadre chassis bati socle support etrier patin tampon butee amortisseur verin pompe vanne clapet flexible
tuyau reservoir centrale groupe afficheur ecran clavier badge lecteur camera interphone telephone sirene lampe
eclairage ventilateur grille capot couvercle echelle plinthe miroir paroi plafond sol tapis chaine pignon engrenage
reducteur volant manivelle cle clef fer cuivre plomb argent acier verre huile vidange lavage serrurier vitrier macon
peintre couvreur plombier menuisier forgeron charron sellier potier tailleur couturier tonnelier vacher bouvier
fermier jardinier mineur marin pecheur chasseur sergent capitaine prince roi duc maire prieur pape clerc bourgeois
noble jeune vieux gras sec calme lievre lapin mouton cheval boeuf coq poule pigeon merle moineau corbeau faucon
aigle cygne rossignol poisson brochet carpe bouc vache chat chien rat souris oiseau frene hetre bouleau saule pin
sapin noyer poirier pommier cerisier laurier rosier buisson haie bosquet foret pre prairie vigne colline montagne
ruisseau source puits etang mer rive port chemin rue place cour maison chateau grange ferme eglise chapelle fenetre
caillou sable boue diamant perle lune soleil etoile ciel nuage pluie neige vent orage hiver printemps ete automne
lundi mardi mercredi jeudi vendredi samedi dimanche janvier fevrier mars avril juin juillet aout septembre octobre
novembre decembre france paris lyon nord sud est ouest centre saint sainte
otis schindler kone thyssen thyssenkrupp krupp orona sodimas soretex mitsubishi hitachi fujitec toshiba hyundai
stannah schneider siemens legrand hager omron telemecanique ziehl abegg montanari sassi fermator wittur selcom bucher
leroy somer yaskawa danfoss emerson bosch lenze
`.trim().split(/\s+/))

/** A word of a text: its place, its folded form, and what kind of word it is. */
export interface Token {
  start: number
  end: number
  folded: string
  /** First letter is a capital in the text. */
  capital: boolean
  /** A single upper-case letter: an initial (« J. ») or the civility « M ». */
  initial: boolean
  /** Not a word a name can use: letters glued to digits (« E301 », « MG250 ») or a placeholder. */
  barrier: boolean
}

// A hand-written scanner rather than /[\p{L}\p{M}]+/gu: Unicode property escapes are slow in
// V8, and this runs on every word of every excerpt. Placeholders are
// opaque words: never a name nor part of one.
const PLACEHOLDER_WORDS = ['[courriel]', '[téléphone]', '[personne]']
const LETTER_OR_MARK = /[\p{L}\p{M}]/u

function isLetter(c: number): boolean {
  if (c < 128) return (c >= 97 && c <= 122) || (c >= 65 && c <= 90)
  if (c < 0xc0) return c === 0xaa || c === 0xb5 || c === 0xba
  if (c <= 0x24f) return c !== 0xd7 && c !== 0xf7
  if (c >= 0x300 && c <= 0x36f) return true
  return c < 0xd800 || c > 0xdfff ? LETTER_OR_MARK.test(String.fromCharCode(c)) : false
}

const isDigit = (c: number): boolean => (c >= 48 && c <= 57) || c === 95 /* _ */
const isJoiner = (c: number): boolean => c === 45 || c === 46 || c === 47 || c === 95 || c === 0x2010 /* - . / _ ‐ */

export function tokenise(text: string): Token[] {
  const tokens: Token[] = []
  const n = text.length
  for (let i = 0; i < n; ) {
    const c = text.charCodeAt(i)
    if (c === 91 /* [ */) {
      const p = PLACEHOLDER_WORDS.find((w) => text.startsWith(w, i))
      if (p) {
        tokens.push({ start: i, end: i + p.length, folded: '', capital: false, initial: false, barrier: true })
        i += p.length
        continue
      }
    }
    if (!isLetter(c)) {
      i++
      continue
    }
    const start = i
    let ascii = true
    for (; i < n; i++) {
      const d = text.charCodeAt(i)
      if (d >= 128) {
        if (!isLetter(d)) break
        ascii = false
      } else if (!((d >= 97 && d <= 122) || (d >= 65 && d <= 90))) break
    }
    const end = i
    const word = text.slice(start, end)
    const folded = ascii ? word.toLowerCase() : foldWord(word)
    // Letters against digits are a code, not a word: « E301 », « MG250 », « E-214 », « OT-000042 ».
    const before = text.charCodeAt(start - 1)
    const after = text.charCodeAt(end)
    const code =
      isDigit(before) || (isJoiner(before) && isDigit(text.charCodeAt(start - 2))) ||
      isDigit(after) || (isJoiner(after) && isDigit(text.charCodeAt(end + 1)))
    const capital = c < 128 ? c <= 90 : word[0] !== word[0]!.toLowerCase()
    tokens.push({ start, end, folded, capital, initial: capital && end - start === 1, barrier: code })
  }
  return tokens
}

/** A display name read as first and last names: every plausible split of it. */
export function splitName(raw: string): { first: string[]; last: string[] }[] {
  // Parenthesised notes (« Paul Durand (gardien) ») are not part of the name.
  const text = raw.includes('(') ? raw.replace(/\([^)]*\)/g, ' ') : raw
  // Words are what spaces separate; a word holds several tokens (« Jean-Marc », « N'Diaye »).
  let words: Token[][] = []
  let afterComma = -1
  let previous: Token | undefined
  for (const t of tokenise(text)) {
    if (t.barrier) continue
    const gap = previous ? text.slice(previous.end, t.start) : ' '
    if (/[\s,]/.test(gap)) words.push([t])
    else words.at(-1)!.push(t)
    if (afterComma < 0 && gap.includes(',')) afterComma = words.length - 1
    previous = t
  }
  while (words.length > 1 && words[0]!.length === 1 && (CIVILITY_ANY_CASE.has(words[0]![0]!.folded) || CIVILITY_CAPITAL.has(words[0]![0]!.folded))) {
    words = words.slice(1)
    afterComma--
  }
  const folded = (ws: Token[][]): string[] => ws.flat().map((t) => t.folded)
  if (words.length === 0) return []
  // « Dupré, Jean »: the last name comes first.
  if (afterComma > 0) return [{ first: folded(words.slice(afterComma)), last: folded(words.slice(0, afterComma)) }]
  if (words.length === 1) return [{ first: folded(words), last: [] }]
  // « DURAND Paul », « Jean-Marc DUPRÉ »: the words in capitals are the last name (but « JP »
  // in « JP Dupré » is a pair of initials).
  const upper = words.map((w) => {
    const s = text.slice(w[0]!.start, w.at(-1)!.end)
    return s.length > 1 && s === s.toUpperCase() && s !== s.toLowerCase()
  })
  const longUpper = words.some((w, i) => upper[i] && w.reduce((n, t) => n + t.end - t.start, 0) >= 3)
  if (longUpper && !upper.every((u) => u)) {
    return [{ first: folded(words.filter((_, i) => !upper[i])), last: folded(words.filter((_, i) => upper[i])) }]
  }
  // Otherwise first name first; with three words or more, every split whose first name does
  // not end on a particle (« Anne Marie Le Goff »: Anne | Marie Le Goff, Anne Marie | Le Goff).
  const splits: { first: string[]; last: string[] }[] = []
  for (let k = 1; k < words.length && k <= 3; k++) {
    const first = folded(words.slice(0, k))
    if (!PARTICLES.has(first.at(-1)!)) splits.push({ first, last: folded(words.slice(k)) })
  }
  return splits
}

const SEP = '\u0001'

/** The known names, indexed for the word-by-word search. */
export class NameIndex {
  readonly firsts = new Set<string>()
  readonly lasts = new Set<string>()
  /** Bare last names that may be replaced without a civility or a first name. */
  readonly bareLasts = new Set<string>()
  /** « first SEP last » and « initials SEP last » of each person. */
  readonly pairs = new Set<string>()
  /** Every word of every first name (« Jean-Marc »: jean, marc): never a bare last name. */
  private readonly firstWords = new Set<string>()
  /** Words that can open a name, civilities included: a search starts only on them. */
  private readonly starts = new Set<string>([...CIVILITY_ANY_CASE, ...CIVILITY_CAPITAL])
  maxFirst = 1
  maxLast = 1

  constructor(names: Iterable<string>) {
    const people: { first: string[]; last: string[] }[] = []
    for (const raw of names) {
      if (typeof raw === 'string' && raw.trim() !== '') people.push(...splitName(raw))
    }
    for (const { first, last } of people) {
      if (first.length) this.add(this.firsts, first)
      for (const w of first) this.firstWords.add(w)
      if (!last.length) continue
      this.add(this.lasts, last)
      this.pairs.add(first.join(' ') + SEP + last.join(' '))
      // « J.-M. Dupré » and « J. Dupré » for Jean-Marc Dupré.
      this.pairs.add(first.map((w) => w[0]).join(' ') + SEP + last.join(' '))
      this.pairs.add(first[0]![0] + SEP + last.join(' '))
    }
    // A bare last name must be unmistakable: four letters or more outside particles, at least
    // one word that is neither an ordinary word nor someone's first name (a first name alone is
    // never replaced: a bare « Laurent » or « Thomas » is too often someone else).
    for (const { last } of people) {
      const key = last.join(' ')
      const core = last.filter((w) => !PARTICLES.has(w))
      if (core.join('').length < 4 || core.every((w) => COMMON_WORDS.has(w) || this.firstWords.has(w))) continue
      this.bareLasts.add(key)
    }
  }

  private add(set: Set<string>, words: string[]): void {
    set.add(words.join(' '))
    this.starts.add(words[0]!)
    if (set === this.lasts) this.maxLast = Math.max(this.maxLast, words.length)
    else this.maxFirst = Math.max(this.maxFirst, words.length)
  }

  /** Where the known people are named in `text`: character ranges, in order, not overlapping. */
  find(text: string): { start: number; end: number }[] {
    const tokens = tokenise(text)
    const found: { start: number; end: number }[] = []
    const m = new Matcher(this, text, tokens)
    for (let i = 0; i < tokens.length; ) {
      const t = tokens[i]!
      let end = -1
      if (!t.barrier && (t.initial || this.starts.has(t.folded))) end = m.nameAt(i)
      if (end < 0) {
        i++
        continue
      }
      // A name does not stop inside a hyphenated compound: « Jean-Marc Dupré » when only
      // Marc Dupré is known, « Dupré-Leroy » when only Dupré is.
      let first = i
      const floor = found.length ? found.at(-1)!.end : 0
      while (first > 0 && m.hyphenBetween(first - 1) && tokens[first - 1]!.start >= floor) first--
      while (end < tokens.length && m.hyphenBetween(end - 1)) end++
      // « Durand P. »: the initial's dot belongs to the name.
      const last = tokens[end - 1]!
      found.push({ start: tokens[first]!.start, end: last.initial && text[last.end] === '.' ? last.end + 1 : last.end })
      i = end
    }
    return found
  }
}

function isCivility(t: Token): boolean {
  return !t.barrier && (CIVILITY_ANY_CASE.has(t.folded) || (t.capital && CIVILITY_CAPITAL.has(t.folded)))
}

// What may stand between two words of one name. Inside a first or a last name: spaces, a
// line break, a hyphen (« Jean-Marc », « Benali-\nMartin »), an apostrophe (« N'Diaye »).
const IN_PART = /^(?:\s+|\s*[-‐‑]\s*|['’])$/
// Between a first and a last name: spaces or a line break; « Last, First » also has a comma.
const BETWEEN = /^\s+$/
const COMMA = /^\s*,\s*$/
// After an initial (« J. Dupré », « J.-M. Dupré », « J.M. Dupré ») or a civility (« M.\nDupré »).
// An initial has its dot or hyphen: a capital letter and a space is « A » for « à » as often.
const AFTER_INITIAL = /^(?:\.\s*[-‐]?\s*|[-‐])$/
const AFTER_CIVILITY = /^(?:\.\s*|\s+)$/

/** The search in one text: token indexes in, token index past the longest name out. */
class Matcher {
  private readonly index: NameIndex
  private readonly text: string
  private readonly tokens: Token[]

  constructor(index: NameIndex, text: string, tokens: Token[]) {
    this.index = index
    this.text = text
    this.tokens = tokens
  }

  private gap(i: number): string {
    return this.text.slice(this.tokens[i]!.end, this.tokens[i + 1]!.start)
  }

  hyphenBetween(i: number): boolean {
    const next = this.tokens[i + 1]
    return next !== undefined && !next.barrier && !this.tokens[i]!.barrier && /^[-‐]$/.test(this.gap(i))
  }

  /** The folded words i..i+n-1 as one name part, or null when they cannot be one. */
  private part(i: number, n: number): string | null {
    if (i + n > this.tokens.length) return null
    let key = ''
    for (let k = i; k < i + n; k++) {
      const t = this.tokens[k]!
      // A word that is also an ordinary word counts in a name only with its capital.
      if (t.barrier || (!t.capital && COMMON_WORDS.has(t.folded))) return null
      if (k > i && !IN_PART.test(this.gap(k - 1))) return null
      key = k > i ? key + ' ' + t.folded : t.folded
    }
    return key
  }

  /** A run of capital initials from i (« J.-M. »): their letters, one per token. */
  private initials(i: number): string[] {
    const out: string[] = []
    for (let k = i; k < this.tokens.length && out.length < 3 && this.tokens[k]!.initial; k++) {
      if (k > i && !AFTER_INITIAL.test(this.gap(k - 1))) break
      out.push(this.tokens[k]!.folded)
    }
    return out
  }

  /** Index past the longest name starting at token i, or -1. */
  nameAt(i: number): number {
    const t = this.tokens[i]!
    if (isCivility(t) && i + 1 < this.tokens.length && AFTER_CIVILITY.test(this.gap(i))) {
      const end = this.personAt(i + 1, true)
      if (end > 0) return end
    }
    return this.personAt(i, false)
  }

  private personAt(i: number, civility: boolean): number {
    const { firsts, lasts, bareLasts, pairs, maxFirst, maxLast } = this.index
    const n = this.tokens.length
    let best = -1
    // first last, and « Mme Sylvie »
    for (let a = 1; a <= maxFirst; a++) {
      const f = this.part(i, a)
      if (f === null) break
      if (!firsts.has(f)) continue
      if (civility) best = Math.max(best, i + a)
      if (i + a < n && BETWEEN.test(this.gap(i + a - 1))) best = Math.max(best, this.lastAfter(f, i + a))
    }
    // J. Last, J.-M. Last
    const inits = this.initials(i)
    for (let a = inits.length; a >= 1; a--) {
      if (i + a < n && AFTER_INITIAL.test(this.gap(i + a - 1))) best = Math.max(best, this.lastAfter(inits.slice(0, a).join(' '), i + a))
    }
    // LAST first, Last, First, Last J., and Last alone after a civility or when unmistakable
    for (let b = 1; b <= maxLast; b++) {
      const l = this.part(i, b)
      if (l === null) break
      if (!lasts.has(l)) continue
      if (civility || (bareLasts.has(l) && this.capitalised(i, b))) best = Math.max(best, i + b)
      const j = i + b
      if (j >= n) continue
      const gap = this.gap(j - 1)
      const spaced = BETWEEN.test(gap)
      // « Dupré, Jean »; but not when the first name opens another name (« M. Porte, Rémi
      // Porte »: a list, not « Last, First »).
      const comma = COMMA.test(gap)
      if (!spaced && !comma) continue
      for (let a = 1; a <= maxFirst; a++) {
        const f = this.part(j, a)
        if (f === null) break
        if (!pairs.has(f + SEP + l)) continue
        if (comma && j + a < n && BETWEEN.test(this.gap(j + a - 1)) && this.lastAfter(f, j + a) > 0) continue
        best = Math.max(best, j + a)
      }
      if (!spaced) continue
      const after = this.initials(j)
      for (let a = after.length; a >= 1; a--) {
        if (pairs.has(after.slice(0, a).join(' ') + SEP + l)) best = Math.max(best, j + a)
      }
    }
    return best
  }

  /** Index past the last name that follows first name (or initials) `f` at token j, or -1. */
  private lastAfter(f: string, j: number): number {
    let best = -1
    for (let b = 1; b <= this.index.maxLast; b++) {
      const l = this.part(j, b)
      if (l === null) break
      if (this.index.pairs.has(f + SEP + l)) best = j + b
    }
    return best
  }

  /** The words of a bare last name, particles aside, are written with their capitals. */
  private capitalised(i: number, n: number): boolean {
    for (let k = i; k < i + n; k++) {
      const t = this.tokens[k]!
      if (!t.capital && !PARTICLES.has(t.folded)) return false
    }
    return true
  }
}
