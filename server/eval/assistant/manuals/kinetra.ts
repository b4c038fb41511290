// « Kinetra » KX-3 controller: an invented maker's fault-code table (E-101 … E-330, with gaps
// that near-miss questions aim at: E-107 to E-109, E-240, E-999…), its reset and parameters.
// The last page has a phone number and a name broken across two lines.
import type { Manual } from './types.ts'

export const kinetraKx3: Manual = {
  key: 'kinetra-kx3',
  fileName: 'Kinetra_KX-3_guide_depannage_codes_defaut.pdf',
  title: 'Kinetra KX-3 — Guide de dépannage et codes défaut',
  attach: { asset: 'BLV-1' },
  pages: [
    {
      title: 'Kinetra KX-3 — Armoire de manœuvre — Guide de dépannage',
      paragraphs: [
        'L\'armoire KX-3 affiche les défauts sous la forme E-xyz sur l\'afficheur de la carte principale. Le premier chiffre donne la famille : 1 alimentation et chaîne de sécurité, 2 portes et positionnement, 3 variateur, moteur et communication.',
        'Historique : les 32 derniers défauts sont consultables par le menu Diag > Historique, avec la date, l\'heure, l\'étage et le nombre d\'occurrences.',
        'Acquittement : un défaut non bloquant s\'efface seul lorsque sa cause disparaît. Un défaut bloquant (repéré B dans les tableaux) demande un réarmement : appui de 3 secondes sur le bouton RESET de la carte principale, ou coupure puis remise sous tension de l\'armoire. Ne jamais réarmer un défaut bloquant sans en avoir trouvé la cause.',
        'Le voyant vert « RUN » clignote lentement en fonctionnement normal ; un clignotement rapide signale une liaison série interrompue avec la cabine.',
      ],
    },
    {
      title: 'Codes E-101 à E-106 — Alimentation',
      paragraphs: [
        'E-101 — Absence d\'une phase (L1, L2 ou L3). Cause : fusible fondu, coupure du réseau, relais de contrôle de phases défectueux. Remède : contrôler les fusibles F1 à F3 et la tension entre phases ; remplacer le relais de contrôle de phases si les trois phases sont présentes.',
        'E-102 — Inversion de l\'ordre des phases. Cause : intervention sur l\'alimentation de l\'immeuble. Remède : intervertir deux phases en amont du sectionneur.',
        'E-103 — Tension réseau trop basse (inférieure à 360 V entre phases). Remède : mesurer la tension en charge ; prévenir le gestionnaire de l\'immeuble si le réseau est en cause.',
        'E-104 — Tension 24 V de manœuvre absente. Cause : fusible F5 (2 A) fondu, court-circuit sur un bouton ou un voyant. Remède : rechercher le court-circuit avant de remplacer F5.',
        'E-105 — Batterie de secours faible (tension inférieure à 22 V). Remède : remplacer la batterie 24 V 7 Ah. La batterie se remplace préventivement tous les 4 ans.',
        'E-106 (B) — Défaut d\'isolement à la terre. Remède : mesurer l\'isolement des circuits ; ne pas remettre en service avant d\'avoir trouvé le défaut.',
      ],
    },
    {
      title: 'Codes E-110 à E-118 — Chaîne de sécurité',
      paragraphs: [
        'E-110 — Chaîne de sécurité ouverte en cuvette ou sur le toit de cabine (bouton STOP, contact de poulie tendeuse). Remède : vérifier les boutons STOP de cuvette et de toit de cabine, puis le contact de la poulie tendeuse du limiteur.',
        'E-111 (B) — Contact du limiteur de vitesse ouvert. Cause : déclenchement du limiteur ou contact déréglé. Remède : contrôler le limiteur, le réarmer, rechercher la cause de la survitesse.',
        'E-112 (B) — Contact de parachute ouvert. Remède : la cabine est sur le parachute ; procéder au réarmement du parachute suivant la notice du fabricant, puis contrôler les guides.',
        'E-113 (B) — Fin de course extrême franchi (haut ou bas). Remède : contrôler le recalage et la position des aimants de zone ; ramener la cabine en inspection.',
        'E-115 — Contact de mou de câble (ascenseurs hydrauliques à mouflage). Remède : contrôler la tension des câbles et la position de la cabine.',
        'E-118 — Contact de trappe ou de porte de visite ouvert. Remède : refermer la trappe, contrôler le contact.',
      ],
    },
    {
      title: 'Codes E-201 à E-214 — Portes',
      paragraphs: [
        'E-201 — Porte cabine non fermée après 15 secondes. Cause : obstacle dans le seuil, cellule occultée, opérateur de porte à bout de course mal réglé. Remède : dégager le seuil, vérifier la cellule, refaire l\'apprentissage de la course de l\'opérateur.',
        'E-203 — Cellule de porte occultée plus de 30 secondes. Cause : cellule encrassée, désalignée ou défectueuse, objet posé dans le passage. Remède : nettoyer les lentilles, vérifier l\'alignement, remplacer la cellule si le défaut persiste.',
        'E-205 — Verrouillage de la porte palière non confirmé. Cause : contact de serrure oxydé, galet de serrure mal positionné. Remède : contrôler la serrure et le réglage du galet.',
        'E-207 (B) — Ouverture de porte hors zone de déverrouillage. Remède : contrôler les capteurs de zone de porte et l\'opérateur ; ne pas réarmer sans essai.',
        'E-212 — Défaut de communication avec l\'opérateur de porte. Remède : vérifier le câble pendentif et le connecteur de l\'opérateur.',
        'E-214 — Contact de porte palière ouvert en marche. Cause : vibration de la porte, serrure déréglée, crochet de verrouillage usé, vandalisme (porte forcée). Remède : contrôler le crochet de serrure, dont la pénétration doit être d\'au moins 7 mm, et l\'état du contact.',
      ],
    },
    {
      title: 'Codes E-220 à E-235 — Positionnement',
      paragraphs: [
        'E-220 (B) — Perte du signal codeur. Remède : contrôler le câble du codeur et sa fixation sur la machine ; refaire un recalage.',
        'E-222 — Arrêt hors niveau de plus de 20 mm. Cause : glissement, réglage de ralentissement, aimant de zone déplacé. Remède : contrôler la précision d\'arrêt à chaque niveau et recaler.',
        'E-225 — Temps de course dépassé (trajet de plus de 45 secondes). Cause : frein qui ne s\'ouvre pas, cabine bloquée, surcharge. Remède : contrôler le frein et la charge, puis réarmer.',
        'E-230 — Incohérence des capteurs de zone de porte ZP1 et ZP2. Remède : contrôler l\'écartement des capteurs et l\'aimant de zone.',
        'E-235 (B) — Recalage impossible au niveau extrême. Remède : contrôler l\'interrupteur de recalage au niveau inférieur.',
      ],
    },
    {
      title: 'Codes E-301 à E-310 — Variateur et moteur',
      paragraphs: [
        'E-301 — Surchauffe du moteur (sonde CTP du bobinage déclenchée). Cause : ventilation insuffisante de la machinerie, nombre de démarrages excessif, frein qui frotte. Remède : laisser refroidir au moins 20 minutes, contrôler la ventilation et le nombre de démarrages par heure (paramètre P20).',
        'E-302 — Surintensité du variateur. Remède : contrôler le frein, les connexions moteur et l\'équilibrage de la cabine.',
        'E-303 — Surtension du bus continu (supérieure à 780 V). Cause : résistance de freinage débranchée ou coupée. Remède : mesurer la résistance de freinage.',
        'E-305 (B) — Défaut de contrôle du frein : le micro-contact de surveillance ne change pas d\'état. Remède : contrôler l\'entrefer et le micro-contact ; ne pas remettre en service avant d\'avoir trouvé la cause.',
        'E-308 (B) — Glissement des câbles détecté par comparaison du codeur et du capteur de gaine. Remède : contrôler l\'usure des gorges de poulie et la tension des câbles.',
        'E-310 — Défaut de communication avec le variateur. Remède : contrôler la liaison série et l\'alimentation du variateur.',
      ],
    },
    {
      title: 'Codes E-320 à E-330 — Communication et divers',
      paragraphs: [
        'E-320 — Bus CAN de la cabine interrompu. Remède : contrôler le câble pendentif et les résistances de fin de ligne (120 ohms).',
        'E-322 — Défaut de liaison de la téléalarme : le test cyclique automatique, envoyé tous les 3 jours, n\'a pas abouti. Remède : contrôler la ligne ou le module GSM et son abonnement.',
        'E-325 — Horloge perdue après une coupure longue. Remède : remettre à l\'heure par le menu Réglages > Horloge ; remplacer la pile de la carte (CR2032) si le défaut revient.',
        'E-330 (B) — Mémoire des paramètres corrompue. Remède : recharger la dernière sauvegarde depuis la clé USB ; si le défaut persiste, contacter le support Kinetra pour une mise à jour du logiciel.',
      ],
    },
    {
      title: 'Paramètres principaux',
      paragraphs: [
        'P01 — Vitesse nominale. P05 — Accélération, réglée par défaut à 0,6 m/s². P06 — À-coup (jerk) au démarrage.',
        'P12 — Temporisation de porte ouverte : 3 secondes par défaut, réglable de 2 à 10 secondes.',
        'P20 — Nombre maximal de démarrages par heure : 180.',
        'P31 — Vitesse en inspection (manœuvre de rappel) : 0,3 m/s.',
        'Sauvegarde : menu Réglages > Sauvegarde vers une clé USB formatée en FAT32. Faire une sauvegarde après chaque modification de paramètre.',
      ],
    },
    {
      title: 'Support Kinetra France',
      paragraphs: [
        'Hotline technique : +33 (0)4 72 11 22 33. Astreinte constructeur les nuits et week-ends : 06 45 67\n89 01.',
        'Demandes de mise à jour du logiciel : support@kinetra-controls.fr.',
        'Document rédigé par Patrick\nChevalier, service technique.',
      ],
    },
  ],
}
