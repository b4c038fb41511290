// seed:scale's library, control and hydraulics: « Celerio » controllers and their fault codes
// (the smaller models lack some codes: a near miss for the bench), « Vigilo » emergency
// telephones, « Pressal » hydraulic power units. Invented makers and values.
import { by, type ScaleFamily } from './scale-manuals-types.ts'

// Celerio codes: [code, meaning and remedy, lowest model rank that has it].
const CELERIO_CODES: [string, string, number][] = [
  ['C-101', 'Absence de phase : contrôler les fusibles F1 à F3 et le relais de contrôle de phases.', 0],
  ['C-102', 'Ordre des phases inversé : intervertir deux phases en amont du sectionneur.', 0],
  ['C-105', 'Batterie de secours faible (moins de 11 V) : remplacer la batterie 12 V 7 Ah.', 0],
  ['C-110', 'Chaîne de sécurité ouverte (STOP cuvette, toit de cabine, poulie tendeuse) : contrôler la chaîne point par point.', 0],
  ['C-114', 'Contact de limiteur de vitesse ouvert : contrôler le limiteur et le réarmer.', 1],
  ['C-201', 'Porte cabine non fermée après 12 secondes : dégager le seuil, contrôler la cellule et l\'opérateur.', 0],
  ['C-203', 'Cellule de porte occultée plus de 25 secondes : nettoyer et réaligner la cellule.', 0],
  ['C-214', 'Serrure de porte palière ouverte en marche : contrôler le crochet (pénétration d\'au moins 7 mm) et le contact.', 0],
  ['C-220', 'Perte du signal de zone de porte : contrôler les capteurs ZP et l\'aimant de zone.', 1],
  ['C-305', 'Défaut de contrôle du frein : le micro-contact ne change pas d\'état ; contrôler l\'entrefer.', 0],
  ['C-310', 'Surchauffe du moteur (sonde CTP) : laisser refroidir 20 minutes, contrôler la ventilation.', 0],
  ['C-318', 'Temps de course dépassé (plus de 45 secondes) : contrôler le frein, la charge et le glissement des câbles.', 1],
  ['C-402', 'Liaison téléalarme en défaut (test cyclique non reçu) : contrôler la ligne et le transmetteur.', 2],
  ['C-418', 'Défaut de la carte de sauvegarde des paramètres : recharger les paramètres depuis la clé USB de service.', 2],
]

const celerio: ScaleFamily = {
  brand: 'Celerio', models: ['CX-10', 'CX-20', 'CX-40'], componentType: 'Armoire de commande',
  title: (m) => `Celerio ${m} — Armoire de manœuvre, codes défaut et paramètres`,
  pages: (m, k) => {
    const codes = (from: string, to: string) => CELERIO_CODES.filter(([c, , min]) => min <= k && c >= from && c <= to).map(([c, text]) => `${c} — ${text}`)
    return [
      { title: `Celerio ${m} — Armoire de manœuvre`, paragraphs: [
        `Armoire à microprocesseur pour ascenseurs électriques ${by(k, 'jusqu\'à 8 niveaux', 'jusqu\'à 16 niveaux', 'jusqu\'à 32 niveaux, en batterie de 4')}. Les défauts s'affichent sous la forme C-xyz ; le premier chiffre donne la famille (1 alimentation et sécurité, 2 portes, 3 entraînement, 4 communication).`,
        `Historique : les ${by(k, '16', '32', '64')} derniers défauts dans le menu Diag > Historique, avec la date et le niveau.`,
      ] },
      { title: 'Réarmement des défauts', paragraphs: [
        `Un défaut bloquant se réarme par un appui de ${by(k, '3', '3', '5')} secondes sur le bouton RAZ de la carte principale, après avoir trouvé sa cause. Trois défauts bloquants en une heure mettent l'appareil hors service jusqu'à un réarmement sur place.`,
      ] },
      { title: 'Codes C-101 à C-199 — Alimentation et sécurité', paragraphs: codes('C-100', 'C-199') },
      { title: 'Codes C-201 à C-299 — Portes', paragraphs: codes('C-200', 'C-299') },
      { title: 'Codes C-301 à C-499 — Entraînement et communication', paragraphs: codes('C-300', 'C-499') },
      { title: 'Paramètres principaux', paragraphs: [
        `Temporisation portes ouvertes : ${by(k, '3', '4', '4')} s par défaut (2 à 15 s). Vitesse d'inspection : 0,3 m/s. Retour au niveau principal après ${by(k, '5', '10', '10')} minutes d'inactivité.`,
        'Le mot de passe de service se change dans Réglages > Accès ; le mot de passe d\'usine ne doit jamais rester actif.',
      ] },
      { title: 'Mise à jour du logiciel', paragraphs: [
        `Version minimale conseillée : ${by(k, '2.4', '3.1', '4.0')}. La mise à jour se fait par la clé USB de service, appareil à l'arrêt au niveau principal ; ne pas couper l'alimentation pendant les ${by(k, '3', '4', '6')} minutes qu'elle dure.`,
      ] },
      { title: 'Assistance', paragraphs: [
        `Hotline Celerio : 02 40 55 ${by(k, '10 10', '20 20', '40 40')}. Formation et documentation : Claire Vasseur, c.vasseur@celerio.example.`,
      ] },
    ]
  },
  notes: (m, k) => [
    `armoire Celerio ${m} en C-214, crochet de serrure paliere use, penetration 5 mm, regle a 8 mm`,
    `${m} affiche C-305 (controle frein), micro-contact frein regle, RAZ 3 s, essais ok`,
    `Celerio ${m} : C-203 cellule occultee, nettoyage, ${by(k, 'historique 16 defauts vide', 'historique relu', 'historique relu, 2 C-318 la veille')}`,
  ],
}

const vigilo: ScaleFamily = {
  brand: 'Vigilo', models: ['TA-2', 'TA-4', 'TA-5'], componentType: 'Téléalarme',
  title: (m) => `Vigilo ${m} — Téléalarme de cabine`,
  pages: (m, k) => [
    { title: `Vigilo ${m} — Téléalarme de cabine`, paragraphs: [
      `Transmetteur ${by(k, 'sur ligne analogique', 'sur ligne analogique ou GSM', 'GSM 4G et IP')}, phonie mains libres en cabine, sur le toit et en cuvette.`,
    ] },
    { title: '1. Test cyclique', paragraphs: [
      `Le transmetteur appelle le centre de réception tous les ${by(k, '3', '3', '2')} jours. Deux tests cycliques manqués déclenchent le code C-402 sur les armoires qui le gèrent.`,
    ] },
    { title: '2. Batterie', paragraphs: [
      `Batterie ${by(k, '12 V 1,2 Ah', '12 V 2,2 Ah', '12 V 2,2 Ah lithium')} : autonomie d'au moins 1 heure en veille. Remplacement tous les ${by(k, '3', '4', '5')} ans.`,
    ] },
    { title: '3. Programmation', paragraphs: [
      'Programmer les numéros du centre de réception par le clavier de service (code 2580 par défaut, à changer). Le numéro d\'identification de l\'appareil est sa référence.',
      `Volume du haut-parleur : niveau ${by(k, '5', '6', '6')} sur 8 par défaut.`,
    ] },
    { title: '4. Voyants', paragraphs: [
      'Voyant jaune en cabine : alarme prise en compte. Voyant vert : communication établie. En machinerie, voyant rouge clignotant : défaut de ligne.',
    ] },
    { title: '5. Assistance', paragraphs: [
      'Centre technique Vigilo : 0 800 12 34 56 (appel gratuit). Contact commercial : Hugo Maréchal, 06 71 22 33 44.',
    ] },
  ],
  notes: (m) => [
    `teleallarme Vigilo ${m} : test cyclique manque, ligne hs, transmetteur reprogramme`,
    `batterie du ${m} changee (autonomie < 1 h), appel test avec le centre ok`,
  ],
}

const pressal: ScaleFamily = {
  brand: 'Pressal', models: ['HC-25', 'HC-40', 'HC-60'], componentType: 'Centrale hydraulique',
  title: (m) => `Pressal ${m} — Centrale hydraulique`,
  pages: (m, k) => [
    { title: `Pressal ${m} — Centrale hydraulique pour ascenseur`, paragraphs: [
      `Groupe immergé, moteur ${by(k, '4,4', '7,7', '11')} kW, débit ${by(k, '25', '40', '60')} L/min, pression maximale ${by(k, '45', '50', '55')} bar, réservoir de ${by(k, '80', '120', '180')} litres.`,
    ] },
    { title: '1. Huile', paragraphs: [
      `Huile hydraulique HLP ${by(k, '32', '46', '46')}. Niveau : entre les repères de la jauge, cabine en bas. Vidange tous les ${by(k, '5', '5', '4')} ans ou dès que l'huile est trouble.`,
    ] },
    { title: '2. Température', paragraphs: [
      `Température de l'huile : ${by(k, '15 à 55', '15 à 60', '15 à 60')} °C en service. Au-delà de ${by(k, '60', '65', '65')} °C, le thermostat arrête l'appareil au niveau le plus bas. En dessous de 10 °C, prévoir la résistance de chauffage.`,
    ] },
    { title: '3. Soupapes et réglages', paragraphs: [
      `Soupape de surpression réglée à ${by(k, '140', '140', '150')} % de la pression statique à pleine charge. Vitesse de descente de secours : ${by(k, '0,10', '0,12', '0,15')} m/s au bouton de descente manuelle.`,
    ] },
    { title: '4. Vérin', paragraphs: [
      'Contrôler à chaque visite le joint de tête du vérin : un suintement se nettoie et se surveille, une fuite impose le remplacement du joint.',
      `Dérive maximale admise cabine à l'arrêt : ${by(k, '10', '10', '8')} mm en 10 minutes (sinon contrôler la soupape de descente et le joint).`,
    ] },
    { title: '5. Flexible et tuyauterie', paragraphs: [
      `Remplacer le flexible tous les ${by(k, '10', '10', '8')} ans. Couple de serrage des raccords : ${by(k, '45', '60', '80')} N.m.`,
    ] },
    { title: '6. Pièces et assistance', paragraphs: [
      `Kit de joints de vérin réf. PS-J${by(k, '25', '40', '60')}. Flexible réf. PS-F${by(k, '25', '40', '60')}. Assistance Pressal : 04 91 11 22 33.`,
    ] },
  ],
  notes: (m, k) => [
    `centrale Pressal ${m} : huile a ${by(k, '62', '67', '66')} °C, arret sur thermostat, ventilation local machine a revoir`,
    `fuite au joint de tete du verin (${m}), kit PS-J${by(k, '25', '40', '60')} commande, niveau HLP ${by(k, '32', '46', '46')} refait`,
  ],
}

export const CONTROL_FAMILIES: ScaleFamily[] = [celerio, vigilo, pressal]
