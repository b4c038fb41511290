// « Ascenda » AD20 car door operator: invented maker; mechanical and electrical settings, the
// light curtain, troubleshooting. Its sister model AD30 exists only as a damaged file (see
// damaged.ts): questions on the AD30 are near misses.
import type { Manual } from './types.ts'

export const ascendaAd20: Manual = {
  key: 'ascenda-ad20',
  fileName: 'Ascenda_AD20_operateur_porte_cabine.pdf',
  title: 'Ascenda AD20 — Opérateur de porte cabine — Réglages et entretien',
  attach: { asset: 'PLT-B1' },
  pages: [
    {
      title: 'Ascenda AD20 — Opérateur de porte cabine',
      paragraphs: [
        'Réglages et entretien — révision 2021. L\'opérateur AD20 entraîne les portes cabine à deux ou quatre vantaux (ouverture centrale ou latérale) par une courroie crantée et un moteur 24 V continu, piloté par la carte de commande DCU-20.',
        'Largeur de passage : de 700 à 1 100 mm. Hauteur de passage : jusqu\'à 2 100 mm. Masse maximale des vantaux : 120 kg au total.',
        'L\'opérateur entraîne aussi les portes palières par la came mobile (patin d\'entraînement) qui engage les galets de la serrure palière à chaque niveau.',
      ],
    },
    {
      title: '1. Réglages mécaniques',
      paragraphs: [
        'Jeu entre les vantaux et les montants (ou entre vantaux en position fermée) : 6 mm au maximum.',
        'Jeu entre le bas des vantaux et le seuil : 4 à 6 mm.',
        'Distance entre la came mobile et les galets de serrure palière, cabine à niveau : 8 ± 1 mm. Une distance trop faible fait frotter la came sur les galets pendant le déplacement ; une distance trop grande empêche l\'ouverture de la porte palière.',
        'Aplomb des vantaux : ± 1 mm sur la hauteur. Le réglage se fait par les excentriques des chariots de suspension.',
        'Serrer les vis des chariots de suspension à 12 N.m après réglage.',
      ],
    },
    {
      title: '2. Courroie et rail de suspension',
      paragraphs: [
        'Tension de la courroie crantée : une force de 20 N appliquée au milieu du brin libre doit produire une flèche de 10 mm. Une courroie trop tendue use les roulements du moteur ; trop lâche, elle saute des dents.',
        'Remplacer la courroie (réf. AD-CR-20) dès qu\'apparaissent des fissures à la base des dents ou des dents arrachées.',
        'Rail de suspension : le nettoyer à sec à chaque visite. Ne pas graisser le rail : les galets de suspension sont en polyamide et la graisse retient les poussières.',
        'Tous les 6 mois, déposer une goutte d\'huile fine sur l\'axe de chaque galet, sans toucher la bande de roulement.',
      ],
    },
    {
      title: '3. Réglages électriques (carte DCU-20)',
      paragraphs: [
        'Vitesse d\'ouverture : 0,4 m/s au maximum. Vitesse de fermeture : 0,25 m/s au maximum pour une porte à deux vantaux centraux.',
        'Force de fermeture : limitée à 150 N (réglage F-CLOSE). Énergie cinétique de la porte en fermeture : 10 J au maximum.',
        'Apprentissage de la course : portes fermées, maintenir le bouton LRN de la carte DCU-20 appuyé 5 secondes ; l\'opérateur effectue deux cycles lents puis enregistre les butées. Refaire l\'apprentissage après tout remplacement de courroie ou de moteur.',
        'La temporisation de porte ouverte n\'est pas réglée sur l\'opérateur mais dans l\'armoire de manœuvre.',
      ],
    },
    {
      title: '4. Rideau lumineux de protection',
      paragraphs: [
        'Le rideau lumineux infrarouge AL-154 couvre le passage sur 1 800 mm de hauteur. Lorsqu\'un faisceau est coupé pendant la fermeture, la porte doit se rouvrir en moins de 0,5 seconde.',
        'Essai à chaque visite : couper le rideau à 10 cm, 50 cm et 150 cm du seuil pendant la fermeture ; la réouverture doit être immédiate à chaque hauteur.',
        'Nettoyer les lentilles chaque mois avec un chiffon doux et sec, sans solvant.',
        'Voyant de l\'émetteur : rouge fixe, rideau occulté ; rouge clignotant, émetteur et récepteur désalignés ; vert, fonctionnement normal.',
      ],
    },
    {
      title: '5. Dépannage',
      paragraphs: [
        'La porte ne se ferme pas ou se rouvre sans cesse : rideau occulté ou encrassé, obstacle dans le seuil, apprentissage perdu. Nettoyer, dégager le seuil, refaire l\'apprentissage.',
        'La porte rebondit en fin de fermeture : force de fermeture trop faible ou butée mal apprise. Augmenter F-CLOSE par pas de 10 N sans dépasser 150 N.',
        'Bruit de roulement sur le rail : galets de suspension usés. Diamètre d\'un galet neuf : 40 mm ; remplacer le jeu de galets (réf. AD-GAL-40) lorsque le diamètre est inférieur à 38 mm.',
        'Porte palière non entraînée : contrôler la distance came–galets (8 ± 1 mm) et l\'état des galets de serrure.',
      ],
    },
    {
      title: '6. Pièces et contacts',
      paragraphs: [
        'Courroie crantée AD-CR-20 ; jeu de galets AD-GAL-40 ; carte DCU-20 ; rideau AL-154.',
        'Contact commercial pour la région Rhône-Alpes : Nicole Perrin, 06.22.33.44.55.',
        'Validé par : CHEVALIER Patrick, responsable qualité.',
      ],
    },
  ],
}
