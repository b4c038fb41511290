// « Motrane » maintenance plan: periodicities, lubrication, preparing the five-yearly
// technical inspection. Attached to the work order that prepared one (not to an elevator).
import type { Manual } from './types.ts'

export const motranePlan: Manual = {
  key: 'motrane-plan',
  fileName: 'Motrane_plan_entretien_controle_quinquennal.pdf',
  title: 'Motrane — Plan d\'entretien et préparation du contrôle technique quinquennal',
  attach: { order: 'L16' },
  pages: [
    {
      title: 'Motrane — Ascenseurs électriques MG — Plan d\'entretien',
      paragraphs: [
        'Ce plan s\'applique aux ascenseurs électriques Motrane équipés des machines MG250 et MG400. Il précise les opérations du contrat d\'entretien et leur périodicité, et la préparation du contrôle technique quinquennal.',
        'Les visites d\'entretien ont lieu au plus tard toutes les 6 semaines. Chaque visite est notée dans le carnet d\'entretien avec l\'heure d\'arrivée, l\'heure de départ, le nom du technicien et les travaux réalisés.',
      ],
    },
    {
      title: '1. Périodicités',
      paragraphs: [
        'À chaque visite (au plus tard toutes les 6 semaines) : verrouillage des portes palières et cabine, dispositif de réouverture des portes, précision d\'arrêt à chaque niveau (tolérance ± 10 mm), liaison de la téléalarme avec le centre d\'appel, boutons et éclairage de la cabine.',
        'Tous les 6 mois : frein de la machine (essai de chaque circuit), câbles et leurs attaches, dispositif contre la dérive de la cabine porte ouverte (mouvement incontrôlé).',
        'Tous les ans : parachute et limiteur de vitesse (essai), nettoyage de la cuvette, du toit de cabine et de la machinerie, contrôle des couples de serrage de la machine.',
      ],
    },
    {
      title: '2. Lubrification',
      paragraphs: [
        'Guides de cabine et de contrepoids : lubrificateurs à mèche remplis d\'huile de guide ISO VG 68 ; contrôler le niveau des godets à chaque visite et les remplir au besoin. Ne pas graisser les guides d\'un ascenseur équipé d\'un parachute à coins sans l\'accord du fabricant du parachute.',
        'Serrures palières : jamais de graisse sur les contacts électriques ; une goutte d\'huile sur l\'axe du verrou tous les 6 mois.',
        'Poulies de renvoi : graisser les paliers tous les 12 mois, graisse au lithium EP2.',
      ],
    },
    {
      title: '3. Préparation du contrôle technique quinquennal',
      paragraphs: [
        'Le contrôle technique a lieu tous les 5 ans, réalisé par un organisme agréé indépendant. Prévenir les occupants au moins 48 h à l\'avance : l\'ascenseur est arrêté pendant environ 3 heures.',
        'Documents à présenter au contrôleur : le carnet d\'entretien, le rapport du contrôle précédent avec le suivi des observations, les schémas électriques, les notices des composants de sécurité.',
        'Essais à préparer : parachute en charge avec des masses d\'essai de 125 % de la charge nominale, limiteur de vitesse, frein à 125 % de la charge, téléalarme, mesure de l\'isolement des circuits (au moins 0,5 mégohm) et continuité des terres.',
        'Prévoir les masses d\'essai : pour un appareil de 630 kg, 790 kg de masses.',
      ],
    },
    {
      title: '4. Après le contrôle',
      paragraphs: [
        'Chaque observation du rapport fait l\'objet d\'un ordre de travail. Motrane recommande de lever les observations touchant à la sécurité des personnes dans un délai de 3 mois, et les autres avant la visite annuelle suivante.',
        'Transmettre au propriétaire le rapport et le devis des travaux de mise en conformité. Conserver le rapport avec le carnet d\'entretien.',
      ],
    },
    {
      title: '5. Contacts Motrane',
      paragraphs: [
        'Coordination de la maintenance : Julien Fabre, 06.12.34.56.79.',
        'Pièces détachées : contact : s.moreau@motrane-service.fr.',
      ],
    },
  ],
}
