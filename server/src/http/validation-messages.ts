// French messages for a person, one per Ajv keyword: they state the rule in words (never a
// regular expression, never a JSON Schema term). ajv-i18n's text is the fallback for keywords
// no input schema uses today.
import type { ErrorObject } from 'ajv'
import { YEAR_MAX, YEAR_MIN } from './input-rules.ts'

const TYPES: Record<string, string> = {
  string: 'un texte',
  number: 'un nombre',
  integer: 'un nombre entier',
  boolean: 'un booléen (true ou false)',
  object: 'un objet JSON',
  array: 'une liste',
  null: 'null',
}

const FORMATS: Record<string, string> = {
  uuid: 'doit être un identifiant (UUID)',
  email: 'doit être une adresse e-mail valide',
  'date-time': `doit être une date et heure avec son fuseau (ex. 2026-03-01T08:30:00Z), entre les années ${YEAR_MIN} et ${YEAR_MAX}`,
  date: `doit être une date AAAA-MM-JJ existante, entre les années ${YEAR_MIN} et ${YEAR_MAX}`,
  uri: 'doit être une adresse web complète',
}

// Patterns the schemas use, said in words. Any other pattern gets the generic message.
const PATTERNS: Record<string, string> = {
  '\\S': 'ne doit pas être vide ni fait seulement d’espaces',
  '^[A-Za-z0-9][A-Za-z0-9._-]*$': 'lettres, chiffres, « . », « - » ou « _ » seulement, en commençant par une lettre ou un chiffre',
  '^[0-9+(). -]*$': 'chiffres, espaces et « + ( ) . - » seulement',
}

const plural = (n: number, one: string, many: string) => `${n} ${n > 1 ? many : one}`

export function frenchMessage(e: ErrorObject): string {
  const p = e.params as Record<string, any>
  switch (e.keyword) {
    case 'type':
      return `doit être ${String(p.type).split(',').map((t) => TYPES[t] ?? t).join(' ou ')}`
    case 'required':
      return 'champ obligatoire'
    case 'additionalProperties':
      return 'propriété inconnue'
    case 'minProperties':
      return p.limit === 1 ? 'au moins un champ est attendu' : `au moins ${p.limit} champs sont attendus`
    case 'maxLength':
      return `${plural(p.limit, 'caractère', 'caractères')} au plus`
    case 'minLength':
      return p.limit === 1 ? 'ne doit pas être vide' : `${plural(p.limit, 'caractère', 'caractères')} au moins`
    case 'pattern':
      return PATTERNS[p.pattern] ?? 'contient des caractères non admis ici'
    case 'format':
      return FORMATS[p.format] ?? 'n’a pas le format attendu'
    case 'x-plain-text':
      return 'ne doit pas contenir de caractère de contrôle (seuls tabulation et retours à la ligne sont admis)'
    case 'minimum':
      return `doit être supérieur ou égal à ${p.limit}`
    case 'maximum':
      return `doit être inférieur ou égal à ${p.limit}`
    case 'exclusiveMinimum':
      return `doit être strictement supérieur à ${p.limit}`
    case 'exclusiveMaximum':
      return `doit être strictement inférieur à ${p.limit}`
    case 'enum':
      return `doit être l’une des valeurs : ${(p.allowedValues as unknown[]).map(String).join(', ')}`
    case 'maxItems':
      return `${plural(p.limit, 'élément', 'éléments')} au plus`
    case 'minItems':
      return `${plural(p.limit, 'élément', 'éléments')} au moins`
    case 'uniqueItems':
      return 'ne doit pas contenir deux fois la même valeur'
    default:
      return e.message ?? 'valeur invalide'
  }
}
