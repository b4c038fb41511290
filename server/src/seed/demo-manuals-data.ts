// Three invented manuals for the demo library (brands that exist nowhere, values made up): a
// « Tractis » gearless machine and its brake, the fault codes of a « Logicab » controller and a
// « Portalys » door operator. Same style as the assistant's evaluation manuals, other brands and
// values, so that a newcomer can ask the assistant a question on the first start and see a
// cited answer (« entrefer du frein Tractis ? », « code A-14 Logicab ») or a refusal (another
// brand). The service contacts are people of the demo: the assistant shows them anonymised.
import type { PageSpec } from '../lib/pdf-writer.ts'

export interface DemoManual { fileName: string; title: string; asset: string; pages: PageSpec[] }

export const DEMO_MANUALS: DemoManual[] = [
  {
    fileName: 'Tractis_TG30_machine_et_frein.pdf',
    title: 'Tractis TG30 — Notice de maintenance machine et frein',
    asset: 'LYO-CF-S1',
    pages: [
      { title: 'Tractis TG30 — Machine de traction sans réducteur', paragraphs: [
        'Notice de maintenance, édition 2020. La TG30 est une machine synchrone à aimants permanents, sans réducteur, avec un frein à disque à deux circuits agissant sur la poulie.',
        'Charge nominale : 400 à 800 kg. Vitesse nominale : 1,0 m/s. Diamètre de poulie : 210 mm. Puissance : 4,7 kW. Masse : 180 kg.',
        'Avant toute intervention sur la machine ou le frein : consigner l\'armoire, vérifier l\'absence de tension, immobiliser la cabine.',
      ] },
      { title: '1. Frein — entrefer et garnitures', paragraphs: [
        'Entrefer de réglage : 0,25 à 0,40 mm, mesuré au jeu de cales en trois points sur chaque circuit. Refaire le réglage dès que l\'entrefer atteint 0,55 mm.',
        'Réglage par les écrous de réglage, puis serrage des contre-écrous à 20 N.m.',
        'Bobine de frein : 180 V continu. Épaisseur minimale des garnitures : 2,5 mm ; remplacer les garnitures des deux circuits ensemble.',
        'Essai semestriel : chaque circuit doit à lui seul arrêter la cabine chargée à 125 % de la charge nominale.',
      ] },
      { title: '2. Défreinage manuel et couples de serrage', paragraphs: [
        'Évacuation des passagers : couper le sectionneur, poser le levier de défreinage TR-L1, ouvrir le frein par à-coups sans dépasser 0,25 m/s, arrêter la cabine dans la zone de déverrouillage.',
        'Couples de serrage : vis de fixation du frein M10 : 40 N.m ; vis de poulie M12 : 90 N.m ; vis du bâti M16 : 180 N.m.',
      ] },
      { title: '3. Lubrification et service après-vente', paragraphs: [
        'Roulements graissés à vie. Ne jamais graisser les gorges de la poulie ni les câbles.',
        'Service après-vente : Marc Olivier, 01 48 00 45 67, sav@tractis.example.',
      ] },
    ],
  },
  {
    fileName: 'Logicab_LC-8_codes_defaut.pdf',
    title: 'Logicab LC-8 — Codes défaut de l\'armoire de manœuvre',
    asset: 'LYO-CF-S1',
    pages: [
      { title: 'Logicab LC-8 — Armoire de manœuvre — Codes défaut', paragraphs: [
        'Les défauts s\'affichent sous la forme A-xx. Les 20 derniers sont gardés dans le menu Historique. Réarmement d\'un défaut bloquant : bouton RAZ appuyé 5 secondes, après avoir trouvé la cause.',
      ] },
      { title: 'Codes A-01 à A-19', paragraphs: [
        'A-03 — Absence de phase : contrôler les fusibles F1 à F3 et le relais de phases.',
        'A-07 — Batterie de secours faible : remplacer la batterie 12 V 7 Ah (tous les 3 ans).',
        'A-11 — Chaîne de sécurité ouverte (STOP cuvette, toit de cabine, poulie tendeuse).',
        'A-14 — Serrure de porte palière ouverte en marche : contrôler le crochet de verrouillage (pénétration d\'au moins 7 mm) et le contact.',
        'A-17 — Cellule de porte occultée plus de 20 secondes : nettoyer et réaligner la cellule.',
      ] },
      { title: 'Codes A-20 à A-45', paragraphs: [
        'A-21 — Surchauffe du moteur (sonde CTP) : laisser refroidir 15 minutes, contrôler la ventilation de la machinerie.',
        'A-25 — Surintensité du variateur : contrôler le frein et l\'équilibrage.',
        'A-31 — Défaut de contrôle du frein : le micro-contact ne change pas d\'état ; contrôler l\'entrefer.',
        'A-38 — Temps de course dépassé (plus de 40 secondes).',
        'A-45 — Défaut de liaison de la téléalarme (test cyclique).',
      ] },
      { title: 'Paramètres et assistance', paragraphs: [
        'Temporisation de porte ouverte : 4 secondes par défaut (2 à 12 s). Vitesse d\'inspection : 0,3 m/s.',
        'Assistance Logicab : Laura Chevalier, laura.chevalier@logicab.example, 02 40 00 78 90.',
      ] },
    ],
  },
  {
    fileName: 'Portalys_PX2_operateur_de_porte.pdf',
    title: 'Portalys PX2 — Opérateur de porte cabine',
    asset: 'LYO-CF-S1',
    pages: [
      { title: 'Portalys PX2 — Opérateur de porte cabine', paragraphs: [
        'Opérateur à courroie crantée et moteur 24 V, carte de commande PXC. Largeur de passage 700 à 1 000 mm.',
      ] },
      { title: '1. Réglages mécaniques', paragraphs: [
        'Jeu entre le bas des vantaux et le seuil : 3 à 5 mm. Distance entre la came et les galets de serrure palière : 7 ± 1 mm.',
        'Tension de la courroie : flèche de 8 mm sous 15 N au milieu du brin. Ne pas graisser le rail de suspension.',
      ] },
      { title: '2. Réglages électriques', paragraphs: [
        'Force de fermeture limitée à 140 N. Vitesse de fermeture : 0,3 m/s au maximum.',
        'Apprentissage de la course : bouton TEACH de la carte PXC appuyé 3 secondes, portes fermées.',
        'Cellule de porte : la porte doit se rouvrir en moins de 0,4 seconde quand un faisceau est coupé.',
      ] },
      { title: '3. Dépannage et contact', paragraphs: [
        'La porte se rouvre sans cesse : cellule encrassée ou obstacle dans le seuil. La porte rebondit : force trop faible ou course mal apprise.',
        'Contact technique : M. Olivier, 01 48 00 45 67.',
      ] },
    ],
  },
]
