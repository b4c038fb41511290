// The closed work orders of the evaluation: the landmarks (orders-landmarks.ts) and ~190
// orders generated from the situations (orders-situations.ts) by a seeded PRNG, written as a
// technician types on a phone: abbreviations, dropped accents, the odd typo or capitals, and
// now and then a person's name, phone or e-mail in the notes (which must never reach the index).
import { chance, pick, prng, type Rnd } from '../../src/seed/demo-random.ts'
import { ASSETS, REQUESTERS, SITES } from './company.ts'
import { LANDMARKS } from './orders-landmarks.ts'
import { SITUATIONS, type Labels, type Weighted } from './orders-situations.ts'

export type AllLabels = Labels & { result: string; circumstance: string }

export interface OrderSpec {
  key: string
  asset: string
  /** How the order came in: created directly, phoned in (requesterName), from a request of the Demandeur, from the portal. */
  source: 'direct' | 'phone' | 'request' | 'portal'
  requesterName?: string
  personBlocked?: boolean
  description: string
  notes: string
  labels: AllLabels
  /** The situation a generated order was drawn from (history questions accept any order of it on an elevator). */
  situation?: string
}

export const GENERATED_ORDERS = 190

// What a technician writes when the result or the circumstance is worth saying.
const RESULT_CUES: Record<string, string[]> = {
  'Remis en service': ['remis en service', 'RAS après essais, asc remis en service', 'fonctionnement normal après intervention', 'appareil OK'],
  'Mis à l\'arrêt en sécurité': ['appareil laissé à l\'arrêt par sécurité', 'asc mis à l\'arrêt', 'appareil arrêté en sécurité'],
  'En attente de pièce': ['en attente de la pièce', 'pièce commandée', 'attente pièce'],
  'Intervention à programmer': ['intervention à programmer', 'à reprendre à deux techniciens', 'prévoir une intervention'],
  'Remis en service provisoire': ['remis en service provisoirement', 'dépannage provisoire', 'marche en provisoire'],
  'Devis à établir': ['devis à faire', 'devis à établir pour le syndic'],
  'Aucun défaut constaté': ['aucun défaut constaté', 'rien trouvé', 'RAS'],
  'Transmis au fabricant': ['transmis au constructeur pour analyse'],
}
const CIRCUMSTANCE_CUES: Record<string, string[]> = {
  'Appel client': ['appel du client', 'appel du syndic', 'appel d\'un locataire'],
  'Visite d\'entretien': ['constaté lors de la visite', 'pendant la visite d\'entretien', 'vu en visite'],
  'Contrôle technique quinquennal': ['observation du contrôle quinquennal', 'suite au rapport du contrôle technique'],
  'Astreinte nuit et week-end': ['astreinte de nuit', 'appel d\'astreinte dimanche', 'intervention d\'astreinte le week-end'],
  'Appel téléalarme': ['appel reçu par la téléalarme', 'déclenchement de la téléalarme cabine', 'alarme cabine reçue au centre'],
  'Signalement gardien': ['signalé par le gardien', 'la gardienne a appelé', 'le gardien a signalé'],
  'Visite préventive': ['visite préventive', 'lors du préventif', 'grille préventive'],
  'Travaux de modernisation': ['pendant les travaux de modernisation', 'chantier de modernisation'],
  'Après coupure de courant': ['après la coupure EDF', 'suite à une coupure de courant', 'après la panne de secteur'],
}

// People planted in notes, in the forms a technician writes them.
const PLANTED: string[] = [
  'prévenu Mme Haddad (gardienne) au 06 33 44 55 66',
  'vu avec M. Dufour gardien',
  'rappeler Bernard Lemoine au 06 87 65 43 21',
  'infos transmises à k.benali@palier-asc.fr',
  'GARNIER Elodie en renfort',
  'mme perrin prévenue',
  'tel gardienne 06.71.22.33.44',
  'photos envoyées à Thomas Roux (t.roux@palier-asc.fr)',
  'Patrick Chevalier (régie) informé',
  'devis envoyé à p.chevalier@regie-lumiere.fr',
  'LOPEZ Gérard présent sur place, tél 0781920314',
  'appelé M. Girard chez Motrane au 06-12-34-56-78',
  'avec Julien Fabre',
  'Nadia Lefevre a fait les essais',
  'contact gardien Jean-Pierre Dufour 04 78 55 66 77',
  'Mme Moreau informée, +33 (0)6 71 22 33 44',
]

const ABBREVIATIONS: [RegExp, string][] = [
  [/\bascenseur\b/gi, 'asc'], [/\bproblème\b/gi, 'pb'], [/\bporte\b/gi, 'pte'], [/\bcabine\b/gi, 'cab'],
  [/\brez-de-chaussée\b/gi, 'RDC'], [/\bremplacement\b/gi, 'rempl.'], [/\bintervention\b/gi, 'interv.'], [/\bavec\b/gi, 'avc'],
]

const pickWeighted = (rnd: Rnd, options: Weighted): string => {
  let r = rnd() * options.reduce((s, [, w]) => s + w, 0)
  for (const [label, w] of options) if ((r -= w) < 0) return label
  return options[options.length - 1][0]
}

const stripAccents = (s: string) => s.normalize('NFD').replace(/[\u0300-\u036f]/g, '')

/** A technician's typing: abbreviations, accents dropped, a letter swapped, shouting. */
export function technicianStyle(rnd: Rnd, text: string): string {
  let s = text
  for (const [re, short] of ABBREVIATIONS) if (chance(rnd, 0.35)) s = s.replace(re, short)
  if (chance(rnd, 0.4)) s = stripAccents(s)
  if (chance(rnd, 0.2)) {
    const words = s.split(' ')
    // Lower-case words only: a name with a typo would be a person the anonymiser cannot know.
    const long = words.map((w, i) => [w, i] as const).filter(([w]) => /^[a-zà-ÿ]{7,}$/.test(w))
    if (long.length) {
      const [w, i] = pick(rnd, long)
      const at = 1 + Math.floor(rnd() * (w.length - 3))
      words[i] = w.slice(0, at) + w[at + 1] + w[at] + w.slice(at + 2)
      s = words.join(' ')
    }
  }
  if (chance(rnd, 0.07)) s = s.toUpperCase()
  else if (chance(rnd, 0.5)) s = s.charAt(0).toLowerCase() + s.slice(1)
  return s
}

const sentence = (s: string) => s.charAt(0).toUpperCase() + s.slice(1)
const siteOf = (assetKey: string) => ASSETS.find((a) => a.key === assetKey)!.site
const guardianOf = (assetKey: string) => SITES.find((s) => s.key === siteOf(assetKey))!.guardianName

function generate(): OrderSpec[] {
  const rnd = prng('palier-eval-assistant-orders')
  const total = SITUATIONS.reduce((s, x) => s + x.weight, 0)
  const out: OrderSpec[] = []
  for (let i = 0; i < GENERATED_ORDERS; i++) {
    let r = rnd() * total
    const situation = SITUATIONS.find((x) => (r -= x.weight) < 0) ?? SITUATIONS[SITUATIONS.length - 1]
    const assets = ASSETS.filter((a) => situation.on === 'any' || (situation.on === 'hydraulic') === (a.category === 'Ascenseur hydraulique'))
    const asset = pick(rnd, assets).key
    const doneItem = pick(rnd, situation.done)
    const [done, override] = typeof doneItem === 'string' ? [doneItem, {}] : doneItem
    const labels: AllLabels = {
      ...situation.labels,
      result: pickWeighted(rnd, situation.results),
      circumstance: pickWeighted(rnd, situation.circumstances),
      ...override,
    }
    let description = pick(rnd, situation.reported)
    const parts = [pick(rnd, situation.found), done]
    // Most reports say how the call came and how it ended; some leave it to the codes.
    if (chance(rnd, 0.75)) {
      const cue = pick(rnd, CIRCUMSTANCE_CUES[labels.circumstance])
      if (chance(rnd, 0.5)) description = `${description} (${cue})`
      else parts.push(cue)
    }
    if (chance(rnd, 0.75)) parts.push(pick(rnd, RESULT_CUES[labels.result]))
    if (chance(rnd, 0.16)) parts.push(pick(rnd, PLANTED))
    const notes = parts.map(sentence).join('. ') + '.'

    const roll = rnd()
    const source: OrderSpec['source'] = roll < 0.08 ? 'request' : roll < 0.13 ? 'portal' : roll < 0.3 ? 'phone' : 'direct'
    const requesterName = source === 'phone' ? (chance(rnd, 0.5) ? pick(rnd, REQUESTERS.phone) : guardianOf(asset)) : undefined
    out.push({
      key: `G${String(i + 1).padStart(3, '0')}`,
      asset,
      source,
      requesterName,
      personBlocked: situation.personBlocked,
      description: technicianStyle(rnd, sentence(description)),
      notes: technicianStyle(rnd, notes),
      labels,
      situation: situation.id,
    })
  }
  return out
}

/** Every closed order to seed: the landmarks first, then the generated ones. Same list on every run. */
export const ORDERS: OrderSpec[] = [...LANDMARKS, ...generate()]
