// French text as the assistant reads it: folded words, codes written loosely, sentences, and
// the few word lists that decide what a question asks for. Stems come from PostgreSQL
// (`palier_fr`: unaccent then french_stem), so the index and the questions share one stemmer.

/** Lower case without accents or ligatures: « Défreinage » → « defreinage ». */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/œ/gi, 'oe').replace(/æ/gi, 'ae').toLowerCase()
}

// Letters that may start a code but are French words or units (« à 2 », « de 10 », « mm 5 »).
const NOT_CODE_PREFIX = new Set([
  'a', 'y', 'de', 'le', 'la', 'les', 'et', 'en', 'un', 'une', 'ou', 'au', 'aux', 'du', 'des', 'sur', 'par', 'pour', 'avec',
  'sans', 'mm', 'cm', 'km', 'kg', 'm', 'v', 'hz', 'kw', 'kva', 'w', 'min', 'h', 's', 'x', 'n', 'no', 'nm', 'bar', 'l', 'c',
  'ma', 'mn', 'ms', 'db', 'ip', 'tr', 'rpm', 'tous', 'chaque', 'vers', 'soit', 'dans', 'est', 'sont', 'il', 'ils', 'on',
  'ot', 'dem', 'bc', 'p', 'page', 'art', 'fig', 'tab', 'ch', 'an', 'ans', 'mois', 'jour', 'jours', 'fois', 'niveau', 'etage',
])

/**
 * Codes and model names in their folded, joined form: « E-214 », « E214 » and « e 214 » are
 * all « e214 »; « KX-3 » is « kx3 ». Words made of letters and digits (« MG250 ») count too.
 */
export function codesOf(text: string): string[] {
  const found = new Set<string>()
  const folded = fold(text)
  // Letters, then a hyphen or nothing, then digits: E-214, KX-3, MG250, E301.
  for (const m of folded.matchAll(/(?<![a-z0-9])([a-z]{1,4})[-‐–_.]?(\d{1,6})(?![0-9]|[.,]\d)/g)) {
    const [, letters, digits] = m
    if (NOT_CODE_PREFIX.has(letters!) && !/[-‐–_]/.test(m[0])) continue
    if (NOT_CODE_PREFIX.has(letters!) && letters!.length > 2) continue
    found.add(letters! + digits!)
  }
  // Short letters, a space, then at least two digits: « e 301 » (as typed in a hurry).
  for (const m of folded.matchAll(/(?<![a-z0-9])([a-z]{1,2}) (\d{2,6})(?![0-9]|[.,]\d)/g)) {
    if (!NOT_CODE_PREFIX.has(m[1]!)) found.add(m[1]! + m[2]!)
  }
  return [...found]
}

/** Bare numbers of a question (« erreur 301 »): they may be the end of a code (« e301 »). */
export function numbersOf(text: string): string[] {
  return [...new Set([...fold(text).matchAll(/(?<![a-z0-9,.-])(\d{2,6})(?![0-9]|[.,]\d)/g)].map((m) => m[1]!))]
}

/**
 * The units an extractive answer is made of, verbatim: the lines of an excerpt (manual pages
 * are tables and lists as often as prose: « E-214 : défaut porte palière. Contrôler… » is one
 * answer), a line wrapped by the PDF joined to its continuation (it ends without a stop and
 * the next starts in lower case), a long line cut into its sentences. Decimal commas and
 * « N.m » stay whole. A unit's text is the excerpt's own, line breaks included.
 */
export function sentencesOf(text: string, joinWrapped = true): { text: string; start: number; end: number }[] {
  const lines = [...text.matchAll(/[^\n]+/g)].map((m) => ({ start: m.index!, end: m.index! + m[0].length }))
  const logical: { start: number; end: number }[] = []
  for (const line of lines) {
    const last = logical.at(-1)
    const next = text.slice(line.start).trimStart()
    if (joinWrapped && last && !/[.:;!?»)]\s*$/.test(text.slice(last.start, last.end)) && /^[a-zà-ÿ0-9(«:;,)]/.test(next) && !/^\d+[.)]\s/.test(next)) last.end = line.end
    else logical.push({ ...line })
  }
  const out: { text: string; start: number; end: number }[] = []
  for (const l of logical) {
    const raw = text.slice(l.start, l.end)
    const parts = raw.length <= 240 ? [{ text: raw, index: 0 }] : [...raw.matchAll(/[^]+?(?:[.!?](?=\s+[A-ZÀ-Ý0-9«(•-])|$)/g)].map((m) => ({ text: m[0], index: m.index! }))
    for (const p of parts) {
      const trimmed = p.text.trim()
      if (trimmed.length < 2) continue
      const start = l.start + p.index + p.text.indexOf(trimmed)
      out.push({ text: trimmed, start, end: start + trimmed.length })
    }
  }
  return out
}

// Lexemes (palier_fr stems) of the way a question is asked rather than of what it asks:
// they neither count for nor against an excerpt.
export const QUESTION_LEXEMES = new Set([
  'quel', 'comment', 'combien', 'pourquoi', 'quand', 'ou', 'faut', 'fair', 'dois', 'doit', 'doiv', 'peut', 'peux', 'pouv',
  'valeur', 'donn', 'indiqu', 'sait', 'sais', 'savoir', 'connait', 'connaitr', 'dir', 'dis', 'expliqu', 'besoin', 'cet',
  'cett', 'ce', 'appareil', 'ascenseur', 'asc', 'svp', 'stp', 'merci', 'bonjour', 'salut', 'question', 'quoi', 'lequel',
  'laquel', 'existe', 'exist', 'y', 'a', 'ai', 'avoir', 'il', 'préconis', 'preconis', 'recommand', 'conseil', 'conseill',
  'correct', 'bon', 'bonn', 'bien', 'normal', 'normale', 'util', 'utilis', 'proced', 'procédur', 'procedur', 'quell',
  'sert', 'signif', 'veut', 'veul', 'voul', 'chos', 'etap', 'recherch', 'cherch', 'trouv', 'manuel', 'notic', 'doc',
  'document', 'selon', 'dan', 'oui', 'non', 'déjà', 'deja', 'eu', 'deja', 'fois', 'ete', 'été', 'sur', 'entre', 'lor',
  'lors', 'cas', 'typ', 'type', 'exact', 'exact', 'precis', 'précis', 'prévu', 'prevu', 'rappel', 'rappell', 'pren',
  'prendr', 'mettr', 'met', 'mis', 'fait', 'faudr', 'faudrait', 'aurait', 'devr', 'devrait', 'fonctionn', 'vu', 'arriv',
  'produit', 'ici', 'histor', 'historiqu', 'ca', 'ça', 'dit', 'problem', 'pb', 'encor', 'toujour', 'souvent', 'est-c', 'on',
  'quelqu', 'chose', 'rien', 'tout', 'fair', 'possibl', 'aid', 'info', 'inform', 'renseign',
  'affich', 'attendr', 'signal', 'signale', 'referent', 'ref', 'avait', 'avion', 'part', 'march', 'plus', 'rencontr',
  'rencontre', 'pass', 'precedent', 'souc', 'affiche', 'arrive', 'eu', 'deja', 'pend',
  // Function words the French stemmer keeps (« les » → « le », « sans » → « san »).
  'le', 'leur', 'chez', 'comm', 'donc', 'dont', 'lorsqu', 'quoi', 'san', 'si', 'sous', 'tous', 'tout', 'tre', 'trop',
  'ver', 'alor', 'auss', 'car', 'dej',
])

// Modifiers of the value asked (« mini », « jusqu'à », « en combien de temps »): they help
// choose between pages (the minimum diameter rather than the nominal one) but a page may give
// the value without the word, so they never decide whether an excerpt answers.
export const MODIFIER_LEXEMES = new Set([
  'mini', 'minimum', 'minimal', 'min', 'maxi', 'maximum', 'maximal', 'max', 'jusqu', 'admissibl', 'autoris', 'toler',
  'mesur', 'mesure', 'temp', 'avant', 'apres', 'limit', 'nominal', 'nominale',
])

// Stems of the quantities a question may ask (« la masse du contrepoids », « le couple de
// serrage »): the quantity asked is part of what must be found, as a model or a code is; a
// page about the same part that gives another quantity does not answer.
export const QUANTITY_LEXEMES = new Set([
  'mass', 'poid', 'charg', 'pression', 'vitess', 'coupl', 'diametr', 'epaisseur', 'longueur', 'hauteur', 'largeur',
  'profondeur', 'temperatur', 'tension', 'intensit', 'forc', 'entref', 'jeu', 'volum', 'capacit', 'puissanc', 'frequenc',
  'dure', 'dur', 'periodicit', 'distanc', 'effort', 'tarag', 'allong', 'penetr', 'ecart', 'section', 'debit',
])

// A quantity is also given by a value in a unit of its own (« réservoir de 180 L » gives a
// capacity); lengths and durations are not: « 1 100 mm » may be any dimension.
const MASS = /\d\s*(?:kg|t|tonnes?)\b/
const FORCE = /\d\s*(?:n|dan|kn)\b/
const QUANTITY_UNITS: Record<string, RegExp> = {
  mass: MASS, poid: MASS, charg: MASS, pression: /\d\s*(?:bar|mbar|kpa|mpa)\b/, vitess: /\d\s*(?:m\/s|km\/h|tr\/min)/,
  coupl: /\d\s*(?:n\.?m|dan\.?m)\b/, temperatur: /\d\s*°\s*c\b/, tension: /\d\s*k?v\b/, intensit: /\d\s*m?a\b/,
  forc: FORCE, effort: FORCE, volum: /\d\s*(?:l|litres?|m3)\b/, capacit: /\d\s*(?:l|litres?|m3|kg|personnes?)\b/,
  puissanc: /\d\s*(?:w|kw|kva|ch)\b/, debit: /\d\s*l\/min\b/,
}

/** Whether the text gives a value in the unit of one of these quantity stems. */
export function givesValueOf(text: string, lexemes: string[]): boolean {
  const folded = fold(text)
  return lexemes.some((l) => QUANTITY_UNITS[l]?.test(folded))
}

// Words of a question that fish for a person's contact details, or their identity.
const CONTACT = /\b(t[eé]l[eé]phone|tel|portable|mobile|joindre|appeler|contacter|contact (?:de|du|d'|chez)|coordonn[eé]es?|courriel|e-?mail|mail|adresse (?:e-?mail|mail|electronique|personnelle|perso)|domicile|num[eé]ro (?:de (?:tel|t[eé]l[eé]phone|portable|mobile|fixe)|perso))\b/
const PERSON = /\b(qui est|qui etait|nom (?:du|de la|de l'?)|s'appelle|appelle-t-il|gardien|gardienne|concierge|contact|technicien|technicienne|responsable|monsieur|madame|mademoiselle|m\.|mme|mlle)\b/
const IDENTITY = /\bqui (?:est|etait|sont)\b|\bqui a (?:redige|ecrit|signe|fait|realise)|\b(?:le|son|mon) 0[1-9]\b/

/** The question asks for someone's telephone, e-mail or identity: never answered. */
export function asksForPersonalData(question: string): boolean {
  const q = fold(question)
  if (IDENTITY.test(q)) return true
  if (!CONTACT.test(q)) return false
  // « le numéro de téléphone du dépannage » asks for contact details all the same.
  return PERSON.test(q) || /\b(de|du|d'|a)\s*[a-z]/.test(q)
}

// Lexemes of one meaning in this trade (palier_fr stems): a question written with one is
// covered by an excerpt holding another. Kept small and technical on purpose.
const SYNONYM_GROUPS: string[][] = [
  ['serrag', 'serr', 'coupl'],
  ['huil', 'lubrif', 'lubrifi'],
  ['graiss', 'graissag', 'lubrif', 'lubrifi'],
  ['debloqu', 'deverrouill', 'defreinag'],
  ['defreinag', 'defrein', 'manoeuvr', 'desserrag'],
  ['pann', 'defaut', 'erreur', 'dysfonction'],
  ['defaut', 'erreur', 'cod', 'alarm'],
  ['cabl', 'filin'],
  ['period', 'frequenc', 'intervall'],
  ['verifi', 'control', 'inspect', 'examin'],
  ['remplac', 'chang', 'substitu'],
  ['regl', 'ajust', 'calibr'],
  ['temperatur', 'chaleur', 'degr'],
  ['vitess', 'rapid'],
  ['charg', 'poid', 'mass'],
  ['port', 'vantail', 'vantal'],
  ['usur', 'use'],
  ['tension', 'voltag', 'volt'],
  ['tendr', 'tension', 'tendu'],
  // The trade's words for the same thing (domain.md), and how technicians say them.
  ['effort', 'forc'],
  ['dure', 'dur', 'temporis'],
  ['foss', 'cuvet'],
  ['gen', 'person', 'passag', 'usag', 'occup'],
  ['sort', 'evacu', 'degag', 'liber', 'desincarcer'],
  ['main', 'manuel', 'manuell'],
  ['rat', 'sour', 'rongeur'],
  ['abim', 'endommag', 'deterior', 'degrad', 'rong'],
  ['suspent', 'cabl'],
  ['treuil', 'machin'],
  ['ferodo', 'ferodos', 'garnitur'],
  ['essai', 'test'],
  ['mm', 'millimetr'],
  ['kg', 'kilo', 'kilogramm'],
]
const SYNONYMS = new Map<string, Set<string>>()
for (const group of SYNONYM_GROUPS) {
  for (const l of group) {
    const set = SYNONYMS.get(l) ?? new Set([l])
    for (const o of group) set.add(o)
    SYNONYMS.set(l, set)
  }
}

// One-way: a question's « jeu » may mean the brake's air gap, but « jeu de câbles » in a
// report is a set of ropes, so an « entrefer » question does not match « jeu ».
const ONE_WAY: Record<string, string[]> = { jeu: ['jeu', 'entref'], flott: ['flott', 'eau', 'infiltr'] }

// Units a question may write with a capital (« en Nm », « 5 V »): never a maker's name.
export const UNITS = new Set(['m/s', 'km/h', 'tr/min', 'l/min', 'nm', 'n.m', 'kw', 'kva', 'hz', 'mm', 'cm', 'kg', 'bar', 'ma', 'ms', 'db', 'rpm', 'v', 'w', 'a', 'mpa', 'kn', 'dan'])

/**
 * Between a manual's own name and title and the elevator it is attached to, in an excerpt's
 * context: the elevator's brand finds the manual, but a manual of another maker attached to it
 * is not about that brand.
 */
export const ATTACHED_TO = ' — sur l’appareil : '

/** A unit (« mm », « m/s », « N.m »): says how a value is written, never what is asked. */
export function isUnit(lexeme: string): boolean {
  return UNITS.has(lexeme) || /^[a-z°]{1,3}[/.][a-z]{1,3}$/.test(lexeme) || ['millimetr', 'kilo', 'kilogramm', 'volt'].includes(lexeme)
}

/** A lexeme and the lexemes that mean the same in this trade. */
export function synonymsOf(lexeme: string): string[] {
  return ONE_WAY[lexeme] ?? [...(SYNONYMS.get(lexeme) ?? [lexeme])]
}

const HISTORY = /\b(deja|historique|derniere fois|avait|avions|a-t-on|on a eu|s'est (?:deja )?produit|est arrive|precedent|la fois)\b/

/** The question asks what happened before on an elevator: its reports come first. */
export function asksHistory(question: string): boolean {
  return HISTORY.test(fold(question))
}

// Technicians' abbreviations, expanded before stemming (suggestBilan's descriptions, questions).
const ABBREVIATIONS: Record<string, string> = {
  asc: 'ascenseur', pb: 'problème', pbs: 'problèmes', pte: 'porte', ptes: 'portes', cab: 'cabine', ppal: 'porte palière',
  hs: 'hors service', ras: 'rien à signaler', bp: 'bouton', bps: 'boutons', mvt: 'mouvement', chgt: 'changement',
  remp: 'remplacement', rempl: 'remplacement', regl: 'réglage', nettoy: 'nettoyage', dde: 'demande', tel: 'téléphone',
  tla: 'téléalarme', ml: 'machinerie', lm: 'local machine', gaine: 'gaine', ctrl: 'contrôle', verif: 'vérification',
  dép: 'dépannage', dep: 'dépannage', depann: 'dépannage', inter: 'intervention', interv: 'intervention', pers: 'personne',
  bloq: 'bloquée', coinc: 'coincée', elec: 'électrique', alim: 'alimentation', var: 'variateur', op: 'opérateur',
  ope: 'opérateur', secu: 'sécurité', seq: 'séquence', niv: 'niveau', rdc: 'rez-de-chaussée', et: 'et', ok: 'remis en service',
  reparé: 'réparé', repare: 'réparé', changé: 'remplacé', change: 'remplacé', cellule: 'cellule', grais: 'graissage',
  lubrif: 'lubrification', serr: 'serrure', fdc: 'fin de course', ctc: 'contact', cts: 'contacts', mach: 'machine',
  tempo: 'temporisation', tempos: 'temporisations', tempor: 'temporisation', param: 'paramètre', params: 'paramètres',
  cde: 'commande', cmd: 'commande', contrepds: 'contrepoids', cpds: 'contrepoids',
}

/** The text with technicians' abbreviations written out (whole words only). */
export function expandAbbreviations(text: string): string {
  return text.replace(/[\p{L}]+/gu, (w) => ABBREVIATIONS[fold(w)] ?? w)
}

// Elevator makers a question may name: a brand absent from the corpus must make the
// assistant refuse, not answer from another maker's manual.
export const KNOWN_BRANDS = [
  'otis', 'schindler', 'kone', 'thyssen', 'thyssenkrupp', 'tk', 'mitsubishi', 'orona', 'sodimas', 'soretex', 'gervall',
  'hitachi', 'fujitec', 'hyundai', 'schmitt', 'cibes', 'stannah', 'aritco', 'wittur', 'sematic', 'fermator', 'ziehl',
  'abegg', 'montanari', 'sassi', 'gmv', 'leistritz', 'dictator', 'acla', 'eurolift', 'telco', 'bucher', 'blain', 'imem',
  'selcom', 'prisma', 'doppler', 'alimak', 'liftinstituut', 'toshiba', 'hyundai', 'sigma', 'lg', 'canny',
  'marazzi', 'kleemann', 'anlev', 'thyssenkrupp', 'haushahn', 'schaefer', 'kollmorgen', 'emerson', 'yaskawa',
  'fuji', 'siemens', 'abb', 'danfoss', 'omron', 'rexroth', 'heidenhain', 'leroy', 'somer', 'ziehlabegg', 'cea', 'soulier',
  'citylift', 'nsa', 'koné', 'xizi', 'sjec', 'cedes', 'memco', 'dold', 'bircher', 'safeline', 'vega', 'lift-o-flex',
]
