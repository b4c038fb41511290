// The free notes of the demo's closed breakdowns, as a technician types them on a phone
// (abbreviations, missing accents, « RAS »), per kind of breakdown (symptom, component, cause); on the Tractis elevator
// they name its Logicab codes and brake values, so the assistant cites a report next to the
// manuals. Some name the guardian: the assistant shows them anonymised.
import type { Breakdown } from './demo-operations-data.ts'
import { chance, pick, type Rnd } from './demo-random.ts'

const BY_KIND: Record<string, string[]> = {
  'Portes palières ne se ferment pas|Serrure palière|Déréglage': [
    'serrure paliere dereglee, le crochet accroche pas. reglage + essais OK', 'contact de verrouillage palier mal aligné, réglé. RAS', 'galet de serrure décalé, réglage de la serrure palière',
  ],
  'Portes cabine ne s\'ouvrent pas|Opérateur de porte cabine|Usure': [
    'moteur operateur de porte HS, remplacé, apprentissage de la course refait', 'galets de l\'operateur usés, changés. essais 10 cycles ok', 'pte cab bloquee, carte operateur grillee, remplacee',
  ],
  'Appareil à l\'arrêt|Armoire de commande|Coupure d\'alimentation': ['coupure EDF, armoire en defaut, rearmement et essais', 'disjoncteur general declenché, remis + reset armoire. RAS'],
  'Arrêt hors niveau|Frein machine|Déréglage': ['frein mal regle, arret 8 cm sous le palier. entrefer repris', 'reglage du frein machine, precision d\'arret controlee a tous les niveaux'],
  'Bouton d\'appel inopérant|Boutons palières|Vandalisme': ['bouton palier arraché, remplacé', 'bouton brule au briquet, changé. RAS'],
  'Bruit anormal en gaine|Câbles de traction|Défaut de lubrification': ['cables secs, graissage, bruit disparu', 'grincement en gaine, lubrification des cables'],
  'Téléalarme en défaut|Téléalarme|Défaut électronique': ['transmetteur HS, remplacé, test avec le centre OK', 'module teleallarme defectueux, changé, appel test ok'],
  'Éclairage cabine défaillant|Boîte à boutons cabine|Usure': ['leds cabine grillees, remplacees', 'eclairage cab HS, alim LED changée'],
  'Fuite d\'huile|Centrale hydraulique|Usure': ['fuite au flexible de la centrale, resserré en provisoire, a remplacer', 'joint de verin qui suinte, reparation provisoire, niveau d\'huile refait'],
  'Appareil à l\'arrêt|Cellule de porte|Corps étranger dans le seuil': ['gravillons dans le seuil, cellule occultée, nettoyage', 'papier coincé devant la cellule, nettoyé, RAS'],
  'Vibrations en cabine|Machine de traction|Usure': ['vibrations en montee, roulement machine bruyant, devis pour remplacement', 'essais, vibrations confirmees, devis a faire'],
  'Démarrages brusques|Variateur de fréquence|Défaut électronique': ['parametres d\'acceleration du variateur corriges', 'rampe de demarrage reprise, confort ok'],
  'Appareil ne dessert pas un niveau|Porte palière|Infiltration d\'eau': ['eau dans la serrure paliere apres l\'orage, sechée, contact nettoyé', 'infiltration d\'eau en gaine, contact de porte paliere oxydé, refait'],
  'Personne bloquée en cabine|Opérateur de porte cabine|Déréglage': ['personne degagee en 15 min, operateur de porte deregle, reglé', 'usager sorti au niveau, reglage de l\'operateur, RAS'],
  'Appareil à l\'arrêt|Armoire de commande|Surcharge': ['arret sur surcharge (chariot sur les marches), rearmé, essais OK', 'escalier rearmé, RAS'],
  'Personne bloquée en cabine|Armoire de commande|Coupure d\'alimentation': ['2 pers. degagees apres la coupure de courant, rearmement de l\'armoire', 'evacuation au niveau par defreinage, armoire rearmee apres retour secteur'],
}

// The Tractis elevator (demo-manuals-data.ts): its controller's codes and its brake.
const TRACTIS: Record<string, string> = {
  'Arrêt hors niveau|Frein machine': 'Logicab en A-31 (controle frein). Frein Tractis : entrefer mesure a 0,55 mm, regle a 0,30 mm, contre-ecrous resserres',
  'Portes palières ne se ferment pas|Serrure palière': 'Logicab en A-14, crochet de serrure palière usé, penetration 5 mm, réglé à 8 mm',
  'Appareil à l\'arrêt|Cellule de porte': 'Logicab en A-17, cellule Portalys encrassée, nettoyée et réalignée',
  'Portes cabine ne s\'ouvrent pas|Opérateur de porte cabine': 'operateur Portalys PX2 : courroie detendue, retendue (fleche 8 mm) et TEACH refait',
}

/** The notes of a closed breakdown on `ref` (null: the technician left none). */
export function notesFor(breakdown: Breakdown, ref: string, guardian: string, rnd: Rnd): string | null {
  const { SYMPTOM, COMPONENT, CAUSE } = breakdown.report
  const variants = BY_KIND[`${SYMPTOM}|${COMPONENT}|${CAUSE}`]
  if (!variants || chance(rnd, 0.15)) return null
  const text = (ref === 'LYO-CF-S1' && TRACTIS[`${SYMPTOM}|${COMPONENT}`]) || pick(rnd, variants)
  return chance(rnd, 0.2) ? `${text}. ${guardian} prévenu(e)` : text
}
