// seed:scale's library, the doors and the buttons: « Portimax » car door operators,
// « Verrouil » landing door locks, « Lumea » light curtains and « Tactis » push buttons.
// Invented makers and values.
import { by, type ScaleFamily } from './scale-manuals-types.ts'

const portimax: ScaleFamily = {
  brand: 'Portimax', models: ['PM-6', 'PM-9', 'PM-12'], componentType: 'Opérateur de porte',
  title: (m) => `Portimax ${m} — Opérateur de porte cabine`,
  pages: (m, k) => [
    { title: `Portimax ${m} — Opérateur de porte cabine`, paragraphs: [
      `Opérateur à courroie crantée, moteur ${by(k, '24 V continu', '36 V sans balais', '48 V sans balais')}, carte de commande PXB. Largeur de passage : ${by(k, '600 à 800 mm', '700 à 1 100 mm', '900 à 1 400 mm')}, portes à ouverture ${by(k, 'latérale', 'centrale ou latérale', 'centrale')}.`,
    ] },
    { title: '1. Réglages mécaniques', paragraphs: [
      `Jeu entre le bas des vantaux et le seuil : ${by(k, '3 à 5 mm', '4 à 6 mm', '4 à 7 mm')}. Distance entre la came et les galets de serrure palière : ${by(k, '6 ± 1 mm', '7 ± 1 mm', '8 ± 1 mm')}.`,
      `Tension de la courroie : flèche de ${by(k, '6', '8', '10')} mm sous 15 N au milieu du brin. Galets de suspension : serrer les excentriques à ${by(k, '8', '10', '12')} N.m.`,
      'Ne pas graisser le rail de suspension : le nettoyer à sec.',
    ] },
    { title: '2. Réglages électriques', paragraphs: [
      `Force de fermeture limitée à ${by(k, '130', '140', '150')} N (la norme en admet 150). Vitesse de fermeture maximale : ${by(k, '0,25', '0,30', '0,35')} m/s.`,
      `Temps de réouverture après un obstacle : ${by(k, '0,3', '0,3', '0,2')} s. Temporisation portes ouvertes réglée par l'armoire.`,
    ] },
    { title: '3. Apprentissage de la course', paragraphs: [
      `Portes fermées, appuyer ${by(k, '3', '3', '5')} secondes sur le bouton LEARN de la carte PXB : l'opérateur fait deux cycles lents et mémorise les butées.`,
      'Refaire l\'apprentissage après un remplacement de courroie, de moteur ou de carte, et après tout réglage des butées.',
    ] },
    { title: '4. Voyants de la carte PXB', paragraphs: [
      'LED verte fixe : en service. LED verte clignotante : apprentissage en cours.',
      'LED rouge 1 éclat : obstacle à la fermeture répété (plus de 5 fois). 2 éclats : surintensité moteur. 3 éclats : codeur de l\'opérateur en défaut.',
      ...(k > 0 ? ['LED rouge 4 éclats : défaut de liaison avec l\'armoire (bus), contrôler le câble pendentif.'] : []),
    ] },
    { title: '5. Entretien', paragraphs: [
      'Tous les 3 mois : nettoyer le seuil et le rail, contrôler l\'usure des galets et des patins de guidage.',
      `Remplacer la courroie tous les ${by(k, '500 000', '750 000', '1 000 000')} cycles ou dès qu'elle est effilochée (réf. PX-CR${by(k, '6', '9', '12')}).`,
    ] },
    { title: '6. Pièces et assistance', paragraphs: [
      `Moteur réf. PX-M${by(k, '6', '9', '12')}. Carte PXB réf. PX-B${by(k, '1', '2', '2')}. Galets réf. PX-G40.`,
      'Assistance Portimax : Rémi Faucheux, 01 39 88 12 34, assistance@portimax.example.',
    ] },
  ],
  notes: (m, k) => [
    `operateur Portimax ${m} : courroie detendue, retendue (fleche ${by(k, '6', '8', '10')} mm) et LEARN refait`,
    `carte PXB du ${m} LED rouge 2 eclats, moteur en surintensite, galets changes`,
  ],
}

const verrouil: ScaleFamily = {
  brand: 'Verrouil', models: ['SP-3', 'SP-5', 'SP-7'], componentType: null,
  title: (m) => `Verrouil ${m} — Serrure de porte palière`,
  pages: (m, k) => [
    { title: `Verrouil ${m} — Serrure de porte palière`, paragraphs: [
      `Serrure à crochet avec contact de verrouillage à ponts, pour portes ${by(k, 'battantes', 'coulissantes latérales', 'coulissantes centrales')}.`,
    ] },
    { title: '1. Réglage du crochet', paragraphs: [
      `Pénétration du crochet dans la gâche : au moins ${by(k, '7', '7', '8')} mm, porte fermée. Le contact ne doit se fermer qu'après une pénétration de ${by(k, '7', '7', '8')} mm.`,
      `Jeu entre le crochet et la gâche : ${by(k, '1 à 2 mm', '1,5 à 2,5 mm', '2 à 3 mm')}. Un crochet usé de plus de 1 mm se remplace.`,
    ] },
    { title: '2. Galets et came', paragraphs: [
      `Distance entre les galets de serrure et la came de la cabine : ${by(k, '6 ± 1 mm', '7 ± 1 mm', '8 ± 1,5 mm')} sur toute la course. Les galets doivent tourner librement.`,
    ] },
    { title: '3. Contact de verrouillage', paragraphs: [
      'Contrôler les ponts du contact : pas d\'oxydation, pas de jeu. Un contact oxydé (infiltration d\'eau) se remplace, il ne se nettoie pas.',
      `Résistance du contact fermé : moins de ${by(k, '0,5', '0,5', '0,3')} ohm.`,
    ] },
    { title: '4. Déverrouillage de secours', paragraphs: [
      'La clé triangulaire de déverrouillage ne s\'utilise qu\'avec la cabine hors de la zone de la porte, après avoir signalé l\'intervention. Contrôler à chaque visite que la porte se referme et se verrouille seule.',
    ] },
    { title: '5. Pièces', paragraphs: [
      `Crochet réf. VR-CR${by(k, '3', '5', '7')}. Contact réf. VR-K${by(k, '3', '5', '5')}. Galets réf. VR-G22.`,
    ] },
  ],
  notes: (m, k) => [
    `serrure paliere Verrouil ${m}, penetration crochet ${by(k, '5', '5', '6')} mm, reglee a ${by(k, '8', '8', '9')} mm`,
    `contact de verrouillage ${m} oxyde apres infiltration, remplace (VR-K${by(k, '3', '5', '5')})`,
  ],
}

const lumea: ScaleFamily = {
  brand: 'Lumea', models: ['RL-1', 'RL-2', 'RL-3'], componentType: 'Cellule de porte',
  title: (m) => `Lumea ${m} — Rideau lumineux de porte`,
  pages: (m, k) => [
    { title: `Lumea ${m} — Rideau lumineux de porte cabine`, paragraphs: [
      `Rideau infrarouge de ${by(k, '32', '94', '154')} faisceaux sur une hauteur de ${by(k, '1 800', '1 800', '2 000')} mm, portée ${by(k, '0,5 à 3', '0,5 à 4', '0,5 à 4')} m, alimentation 24 V.`,
    ] },
    { title: '1. Installation et alignement', paragraphs: [
      `Émetteur et récepteur face à face à ${by(k, '15', '20', '20')} mm au-dessus du seuil. Alignement : voyant vert fixe sur le récepteur ; clignotant, réaligner à ± 2 mm.`,
    ] },
    { title: '2. Voyants et défauts', paragraphs: [
      'Voyant rouge fixe : faisceau coupé (obstacle, salissure). Rouge clignotant lent : défaut d\'alimentation. Rouge clignotant rapide : défaut interne, remplacer la paire.',
      `Occultation plus de ${by(k, '20', '30', '30')} secondes : le rideau signale un défaut à l'armoire, qui coupe la fermeture forcée.`,
    ] },
    { title: '3. Entretien', paragraphs: [
      'Nettoyer les lentilles au chiffon sec tous les 3 mois (jamais de solvant). Contrôler le câble spiralé et ses connecteurs.',
    ] },
    { title: '4. Pièces et assistance', paragraphs: [
      `Paire émetteur-récepteur réf. LM-${by(k, '32', '94', '154')}. Câble réf. LM-CS2. Assistance Lumea : 04 76 22 10 00.`,
    ] },
  ],
  notes: (m) => [
    `rideau Lumea ${m} rouge fixe, lentilles sales, nettoyees et realignees`,
    `paire ${m} rouge clignotant rapide, remplacee, essais portes ok`,
  ],
}

const tactis: ScaleFamily = {
  brand: 'Tactis', models: ['BP-2', 'BP-4', 'BP-8'], componentType: 'Boutons palières',
  title: (m) => `Tactis ${m} — Boutons d'appel et boîtes à boutons`,
  pages: (m, k) => [
    { title: `Tactis ${m} — Boutons d'appel palier et cabine`, paragraphs: [
      `Bouton anti-vandale inox à course courte, voyant d'acquittement ${by(k, 'rouge', 'bleu', 'blanc')} 24 V, indice de protection IP ${by(k, '54', '65', '67')}.`,
    ] },
    { title: '1. Raccordement', paragraphs: [
      `Contact ${by(k, 'NO, 24 V, 50 mA', 'NO, 24 V, 100 mA', 'NO ou NF, 12 à 48 V')}. Voyant 24 V, ${by(k, '20', '15', '10')} mA. Section des fils : 0,5 mm².`,
    ] },
    { title: '2. Remplacement', paragraphs: [
      'Déposer la plaque (vis Torx T10 inviolables), débrancher le connecteur, clipser le bouton neuf. Serrer les vis de plaque à 1,5 N.m.',
    ] },
    { title: '3. Pièces', paragraphs: [
      `Bouton complet réf. TC-${by(k, '2', '4', '8')}B. Voyant seul réf. TC-V24. Plaque de palier inox réf. TC-PL1.`,
    ] },
  ],
  notes: (m) => [`bouton Tactis ${m} casse (vandalisme), remplace, voyant ok`],
}

export const DOOR_FAMILIES: ScaleFamily[] = [portimax, verrouil, lumea, tactis]
