// seed:scale's library, the drive and the safety gear: « Voltane » gearless machines and their
// brake, « Ondalis » drives, « Securis » governors, « Arrestia » safety gears and « Torsade »
// ropes. Invented makers and values, in the style of the demo's manuals (demo-manuals-data.ts).
import { by, type ScaleFamily } from './scale-manuals-types.ts'

const voltane: ScaleFamily = {
  brand: 'Voltane', models: ['VG-20', 'VG-35', 'VG-50'], componentType: 'Machine de traction',
  title: (m) => `Voltane ${m} — Notice de maintenance machine et frein`,
  pages: (m, k) => [
    { title: `Voltane ${m} — Machine de traction sans réducteur`, paragraphs: [
      `Notice de maintenance, édition ${by(k, '2018', '2020', '2022')}. La ${m} est une machine synchrone à aimants permanents, sans réducteur, montée en gaine ou en machinerie, avec un frein à disque à deux circuits agissant sur la poulie de traction.`,
      'Avant toute intervention sur la machine ou le frein : consigner l\'armoire (sectionneur cadenassé), vérifier l\'absence de tension, immobiliser la cabine. Ne jamais travailler sur le frein cabine chargée.',
      'Cette notice complète le plan d\'entretien de l\'ascenseur ; elle ne remplace pas les essais réglementaires.',
    ] },
    { title: '1. Caractéristiques', paragraphs: [
      `Charge nominale : ${by(k, '320 à 630 kg', '630 à 1 000 kg', '1 000 à 1 600 kg')}. Vitesse nominale : ${by(k, '1,0 m/s', '1,0 à 1,6 m/s', '1,6 à 2,0 m/s')}. Puissance : ${by(k, '3,7 kW', '7,5 kW', '13 kW')}.`,
      `Diamètre de poulie : ${by(k, '200 mm', '240 mm', '320 mm')} ; câbles de ${by(k, '6,5 mm, 5 gorges', '8 mm, 6 gorges', '10 mm, 7 gorges')}. Masse de la machine : ${by(k, '165 kg', '260 kg', '420 kg')}.`,
      'Température ambiante admise : 5 à 40 °C. Indice de protection IP 21. Numéro de série sur la plaque signalétique, côté codeur.',
    ] },
    { title: '2. Frein — entrefer', paragraphs: [
      'L\'entrefer est le jeu entre l\'armature mobile et l\'électro-aimant, frein serré. Il se mesure au jeu de cales en trois points à 120° sur chaque circuit.',
      `Entrefer de réglage de la ${m} : ${by(k, '0,20 à 0,35 mm', '0,30 à 0,45 mm', '0,35 à 0,50 mm')}. Refaire le réglage dès que l'entrefer atteint ${by(k, '0,50 mm', '0,60 mm', '0,70 mm')}.`,
      `Réglage : desserrer les contre-écrous, tourner les écrous de réglage par quart de tour, contrôler de nouveau aux trois points, resserrer les contre-écrous à ${by(k, '18 N.m', '22 N.m', '30 N.m')}.`,
      `Bobine de frein : ${by(k, '104 V', '180 V', '207 V')} continu, surexcitation à l'ouverture pendant 0,5 s.`,
    ] },
    { title: '3. Garnitures et essai du frein', paragraphs: [
      `Épaisseur des garnitures neuves : ${by(k, '5 mm', '6 mm', '7 mm')}. Remplacer les garnitures au-dessous de ${by(k, '2,5 mm', '3 mm', '4 mm')} ; toujours les deux circuits ensemble. Kit de garnitures réf. VT-KG${by(k, '20', '35', '50')}.`,
      'Essai semestriel : chaque circuit doit à lui seul arrêter et maintenir la cabine chargée à 125 % de la charge nominale en descente. Essayer les circuits l\'un après l\'autre.',
      'Les micro-contacts de surveillance doivent changer d\'état à chaque ouverture et fermeture. Une garniture glacée ou huilée se remplace.',
    ] },
    { title: '4. Défreinage manuel et évacuation', paragraphs: [
      'Évacuation des passagers : couper le sectionneur principal, établir la communication avec la cabine, puis ouvrir le frein par à-coups brefs.',
      k < 2
        ? `Sur ${m}, le défreinage se fait au levier réf. VT-LV${by(k, '1', '2', '3')} ; la vitesse de la cabine ne doit jamais dépasser 0,3 m/s. Arrêter la cabine dans la zone de déverrouillage (repère peint sur les câbles).`
        : `Sur ${m}, le défreinage se fait uniquement au boîtier électrique de dépannage BED-48 (batterie 48 V), depuis le tableau de secours : pas de levier sur cette machine.`,
      'Ne jamais bloquer le frein en position ouverte. Après l\'évacuation, rechercher la cause de la panne avant toute remise en service.',
    ] },
    { title: '5. Couples de serrage', paragraphs: [
      `Vis de fixation du frein M${by(k, '8', '10', '12')} : ${by(k, '25 N.m', '45 N.m', '85 N.m')}. Vis de poulie M${by(k, '10', '12', '16')} : ${by(k, '50 N.m', '90 N.m', '200 N.m')}. Vis du bâti sur le châssis M16 : ${by(k, '160 N.m', '190 N.m', '210 N.m')}.`,
      'Serrer en croix, en deux passes, à la clé dynamométrique étalonnée. Les vis freinées à la colle se remplacent à chaque démontage.',
    ] },
    { title: '6. Roulements et lubrification', paragraphs: [
      `Roulements graissés à vie ; température maximale en marche : ${by(k, '75 °C', '80 °C', '85 °C')}. Un roulement bruyant ou plus chaud se remplace (kit VT-RL${by(k, '20', '35', '50')}).`,
      'Ne jamais graisser les gorges de la poulie ni les câbles de traction. Contrôler l\'usure des gorges à chaque visite semestrielle.',
    ] },
    { title: '7. Pièces de rechange et service', paragraphs: [
      `Codeur absolu réf. VT-CA${by(k, '20', '35', '50')}. Bobine de frein réf. VT-BF${by(k, '20', '35', '50')}. Micro-contact de frein réf. VT-MC1.`,
      `Service technique Voltane : Bruno Taillefer, 04 72 10 ${by(k, '20 31', '20 32', '20 33')}, support.${by(k, 'vg20', 'vg35', 'vg50')}@voltane.example.`,
    ] },
  ],
  notes: (m, k) => [
    `frein Voltane ${m} : entrefer mesure a ${by(k, '0,52', '0,62', '0,71')} mm, regle a ${by(k, '0,30', '0,40', '0,45')}, contre-ecrous resserres`,
    `machine ${m} bruyante, roulement chaud (${by(k, '78', '84', '88')} °C), kit VT-RL${by(k, '20', '35', '50')} a commander`,
    `garnitures frein ${m} a ${by(k, '2,4', '2,9', '3,8')} mm, remplacees (kit VT-KG${by(k, '20', '35', '50')}), 20 freinages de rodage`,
  ],
}

const ondalis: ScaleFamily = {
  brand: 'Ondalis', models: ['VF-7', 'VF-11', 'VF-15'], componentType: 'Variateur de fréquence',
  title: (m) => `Ondalis ${m} — Variateur de fréquence, mise en service et défauts`,
  pages: (m, k) => [
    { title: `Ondalis ${m} — Variateur de fréquence pour ascenseur`, paragraphs: [
      `Variateur vectoriel en boucle fermée pour machines synchrones et asynchrones, puissance ${by(k, '7,5 kW', '11 kW', '15 kW')}, alimentation 400 V triphasé.`,
      'Attendre 5 minutes après la coupure avant d\'ouvrir le capot : les condensateurs du bus continu restent chargés. Vérifier l\'absence de tension au voyant CHARGE.',
    ] },
    { title: '1. Paramètres de base', paragraphs: [
      `P01 vitesse nominale (par défaut ${by(k, '1,0', '1,6', '2,0')} m/s). P02 accélération : ${by(k, '0,5', '0,6', '0,7')} m/s². P03 décélération : ${by(k, '0,5', '0,6', '0,7')} m/s². P05 arrondi de rampe (jerk) : 0,8 m/s³.`,
      `P10 vitesse d'inspection : ${by(k, '0,30', '0,30', '0,25')} m/s. P12 vitesse de nivelage : 0,05 m/s. P20 nombre de démarrages par heure maximum : ${by(k, '180', '240', '240')}.`,
      'Un démarrage brusque se corrige d\'abord par P05, puis par P02. Noter toute valeur modifiée dans le carnet d\'entretien.',
    ] },
    { title: '2. Auto-réglage du moteur', paragraphs: [
      'L\'auto-réglage (paramètre P40 = 1) mesure la résistance et l\'inductance du moteur. Câbles débranchés de la poulie pour un auto-réglage en rotation, sinon P40 = 2 à l\'arrêt.',
      `Le calage du codeur (P41) est obligatoire après tout remplacement du codeur ou du moteur. Durée de l'auto-réglage : environ ${by(k, '60', '90', '120')} secondes.`,
    ] },
    { title: '3. Codes défaut F-01 à F-09', paragraphs: [
      'F-01 — Surintensité en accélération : contrôler le frein, l\'équilibrage de la cabine et P02.',
      'F-02 — Surtension du bus continu : résistance de freinage débranchée ou coupée ; la mesurer.',
      'F-03 — Sous-tension réseau (inférieure à 340 V) : mesurer la tension en charge.',
      `F-05 — Surchauffe du radiateur (plus de ${by(k, '85', '90', '90')} °C) : nettoyer le ventilateur et le radiateur, contrôler la ventilation de la machinerie.`,
      'F-07 — Perte du signal codeur : contrôler le câble et la fixation du codeur, refaire le calage (P41).',
      'F-09 — Défaut de contacteur moteur : les contacteurs ne retombent pas ; contrôler leurs contacts auxiliaires.',
    ] },
    { title: '4. Codes défaut F-10 à F-24', paragraphs: [
      'F-10 — Survitesse détectée par le variateur (110 % de P01) : contrôler le codeur et le frein.',
      'F-12 — Écart de poursuite de vitesse : glissement des câbles ou frein qui frotte.',
      'F-15 — Défaut de terre moteur : mesurer l\'isolement du moteur et de ses câbles.',
      ...(k > 0 ? ['F-18 — Défaut de la résistance de freinage (température) : contrôler sa ventilation.'] : []),
      ...(k === 2 ? ['F-24 — Défaut de la carte de sécurité STO : contrôler le câblage des entrées STO1 et STO2.'] : []),
      'Réarmement : touche RESET 2 secondes, ou coupure de l\'alimentation pendant 1 minute.',
    ] },
    { title: '5. Entretien', paragraphs: [
      `Tous les 6 mois : dépoussiérage du radiateur, contrôle du ventilateur (remplacement tous les ${by(k, '5', '5', '4')} ans), resserrage des borniers de puissance à 2,5 N.m.`,
      'Tous les ans : contrôle de la résistance de freinage et de ses connexions.',
    ] },
    { title: '6. Assistance', paragraphs: [
      `Hotline Ondalis : 03 88 45 ${by(k, '07 07', '11 11', '15 15')}, du lundi au vendredi. Correspondante : Agnès Lherbier, a.lherbier@ondalis.example.`,
    ] },
  ],
  notes: (m) => [
    `variateur Ondalis ${m} en F-05, radiateur encrasse, nettoyage + ventilo controle`,
    `demarrages brusques, parametre P05 du ${m} repris (jerk 0,8), confort ok`,
    `${m} en defaut F-07 codeur, connecteur resserre, calage P41 refait`,
  ],
}

const securis: ScaleFamily = {
  brand: 'Securis', models: ['LS-100', 'LS-160', 'LS-250'], componentType: 'Limiteur de vitesse',
  title: (m) => `Securis ${m} — Limiteur de vitesse`,
  pages: (m, k) => [
    { title: `Securis ${m} — Limiteur de vitesse à câble`, paragraphs: [
      `Limiteur centrifuge bidirectionnel pour vitesses nominales jusqu'à ${by(k, '1,0', '1,6', '2,5')} m/s, poulie de ${by(k, '200', '240', '300')} mm, câble de limiteur de ${by(k, '6', '6', '8')} mm.`,
      'Le limiteur commande le parachute lorsque la vitesse de la cabine dépasse la vitesse de déclenchement ; son contact électrique coupe la chaîne de sécurité avant.',
    ] },
    { title: '1. Vitesses de déclenchement', paragraphs: [
      `Vitesse de déclenchement réglée en usine : ${by(k, '1,15 m/s pour 1,0 m/s nominal', '1,85 m/s pour 1,6 m/s nominal', '2,90 m/s pour 2,5 m/s nominal')}.`,
      `Le contact électrique s'ouvre à ${by(k, '1,10', '1,75', '2,75')} m/s. Tolérance du déclenchement : ± 5 %. Le réglage est scellé : ne jamais le modifier sur site.`,
    ] },
    { title: '2. Essai de déclenchement', paragraphs: [
      'Essai annuel : cabine vide en descente à vitesse nominale, déclencher le limiteur à la main par le levier d\'essai ; le parachute doit arrêter la cabine.',
      `Contrôler ensuite l'effort de traction du câble sur la tringlerie : au moins ${by(k, '300', '400', '500')} N, et au moins le double de l'effort d'enclenchement du parachute.`,
    ] },
    { title: '3. Réarmement', paragraphs: [
      'Après un déclenchement : rechercher la cause, remonter la cabine en inspection pour dégager le parachute, puis réarmer le limiteur par son levier de réarmement et refermer son contact.',
      `Sur le ${m}, le contact se réarme ${by(k, 'à la main sur le limiteur', 'à la main sur le limiteur', 'à distance par la bobine RD-24 (24 V), depuis l\'armoire')}.`,
    ] },
    { title: '4. Câble et poulie tendeuse', paragraphs: [
      `Remplacer le câble de limiteur au-delà de ${by(k, '6', '8', '8')} fils cassés sur un pas de câble, ou si son diamètre a perdu plus de 10 %.`,
      `Poulie tendeuse en cuvette : masse de tension ${by(k, '25', '35', '50')} kg ; son contact s'ouvre si la poulie descend de plus de ${by(k, '50', '60', '80')} mm (câble allongé ou cassé).`,
    ] },
    { title: '5. Pièces et assistance', paragraphs: [
      `Câble de limiteur réf. SC-C${by(k, '6', '6', '8')}. Contact réf. SC-K2. Kit de réarmement réf. SC-RA${by(k, '1', '1', '2')}.`,
      'Assistance Securis : 02 99 31 44 10, technique@securis.example.',
    ] },
  ],
  notes: (m, k) => [
    `essai annuel limiteur Securis ${m}, declenchement a ${by(k, '1,14', '1,83', '2,88')} m/s, parachute ok`,
    `contact de poulie tendeuse ${m} ouvert, cable de limiteur allonge, masse remontee`,
  ],
}

const arrestia: ScaleFamily = {
  brand: 'Arrestia', models: ['PA-1', 'PA-2', 'PA-3'], componentType: 'Parachute',
  title: (m) => `Arrestia ${m} — Parachute progressif`,
  pages: (m, k) => [
    { title: `Arrestia ${m} — Parachute progressif`, paragraphs: [
      `Parachute progressif à rouleaux pour guides de ${by(k, '9', '16', '16')} mm, masse totale admise (cabine et charge) de ${by(k, '800 à 1 800 kg', '1 500 à 3 200 kg', '2 800 à 5 000 kg')}.`,
      'Il est commandé par le limiteur de vitesse ; son contact électrique ouvre la chaîne de sécurité au déclenchement.',
    ] },
    { title: '1. Réglages', paragraphs: [
      `Jeu entre les coins et le guide : ${by(k, '2 à 3 mm', '3 à 4 mm', '3 à 5 mm')} de chaque côté. Distance de freinage à vitesse nominale : ${by(k, '0,2 à 0,6 m', '0,3 à 0,8 m', '0,4 à 1,0 m')}.`,
      'Le ressort de freinage est réglé et plombé en usine : un plomb cassé impose le retour du bloc au fabricant.',
    ] },
    { title: '2. Essai et réarmement', paragraphs: [
      'Essai de fonctionnement : cabine vide à vitesse nominale en descente, déclenchement par le limiteur. Contrôler la décélération et l\'horizontalité de la cabine après l\'arrêt.',
      'Réarmement : remonter la cabine en inspection jusqu\'à dégagement des rouleaux, contrôler que les coins sont revenus en position, refermer le contact.',
      `Après un essai, limer les traces laissées sur les guides ; une trace de plus de ${by(k, '0,5', '0,8', '1,0')} mm de profondeur impose l'examen des guides.`,
    ] },
    { title: '3. Entretien', paragraphs: [
      'Tous les 6 mois : nettoyer les coins et les rouleaux, contrôler leur liberté de mouvement, graisser légèrement les axes de la tringlerie (jamais les faces de freinage).',
      `Remplacer les rouleaux lorsque leur denture est usée de plus de ${by(k, '0,3', '0,4', '0,5')} mm.`,
    ] },
    { title: '4. Pièces', paragraphs: [
      `Jeu de rouleaux réf. AR-RL${by(k, '1', '2', '3')}. Contact de parachute réf. AR-CT. Plombs de réglage réservés au fabricant.`,
    ] },
  ],
  notes: (m) => [
    `essai parachute Arrestia ${m} apres declenchement limiteur, rearme, traces sur guides limees`,
    `contact parachute ${m} ouvert, cabine sur les coins, rearmement en inspection`,
  ],
}

const torsade: ScaleFamily = {
  brand: 'Torsade', models: ['T8', 'T10', 'T13'], componentType: 'Câbles de traction',
  title: (m) => `Torsade ${m} — Câbles de traction, dépose et entretien`,
  pages: (m, k) => [
    { title: `Torsade ${m} — Câbles de traction pour ascenseurs`, paragraphs: [
      `Câbles de ${by(k, '8', '10', '13')} mm, 8 torons, âme textile, résistance des fils 1 570 N/mm². Charge de rupture minimale : ${by(k, '40,0', '63,0', '106,0')} kN.`,
    ] },
    { title: '1. Critères de dépose', paragraphs: [
      `Déposer le câble au-delà de ${by(k, '10', '12', '16')} fils cassés répartis sur une longueur de 6 diamètres, ou de ${by(k, '4', '5', '6')} fils cassés dans un même toron.`,
      `Diamètre minimal mesuré au pied à coulisse : ${by(k, '7,4', '9,3', '12,1')} mm (le câble neuf mesure ${by(k, '8,2', '10,2', '13,3')} mm). Un câble écrasé, coqué ou rouillé se dépose sans attendre.`,
    ] },
    { title: '2. Tension des câbles', paragraphs: [
      'Les câbles d\'un même jeu doivent porter la même charge : écart maximal de 10 % entre le plus tendu et le moins tendu, mesuré au dynamomètre à mi-hauteur, cabine au dernier niveau.',
      'Rééquilibrer par les écrous des tiges d\'attache, puis freiner les contre-écrous et poser les goupilles.',
    ] },
    { title: '3. Lubrification', paragraphs: [
      `Relubrifier avec l'huile Torsade RL-${by(k, '2', '2', '3')} quand le câble est sec au toucher, au plus tous les ${by(k, '12', '12', '9')} mois. Ne jamais graisser : la graisse fait patiner les câbles dans les gorges.`,
    ] },
    { title: '4. Allongement', paragraphs: [
      `Allongement permanent attendu : ${by(k, '0,2', '0,25', '0,3')} % la première année. Raccourcir les câbles quand le contrepoids s'approche à moins de 50 mm de son amortisseur, cabine au dernier niveau.`,
    ] },
    { title: '5. Commandes', paragraphs: [
      'Commande par longueur, jeu complet uniquement : ne jamais remplacer un seul câble d\'un jeu. Service commercial Torsade : 05 56 78 90 12.',
    ] },
  ],
  notes: (m, k) => [
    `cables Torsade ${m} : ${by(k, '11', '13', '17')} fils casses sur 6 d, diametre ${by(k, '7,3', '9,2', '12,0')} mm, devis remplacement du jeu`,
    `ecart de tension des cables ${m} 15 %, reequilibrage aux tiges d'attache`,
  ],
}

export const DRIVE_FAMILIES: ScaleFamily[] = [voltane, ondalis, securis, arrestia, torsade]
