// « Hydrolis » HU60 hydraulic power unit: oil grades and temperatures (different from the
// machine manuals'), the used-oil waste code, valve settings, leaks. Page 4 is a scan.
import type { Manual } from './types.ts'

export const hydrolisHu60: Manual = {
  key: 'hydrolis-hu60',
  fileName: 'Hydrolis_HU60_centrale_hydraulique.pdf',
  title: 'Hydrolis HU60 — Manuel d\'entretien de la centrale hydraulique',
  attach: { asset: 'CSM-1' },
  pages: [
    {
      title: 'Hydrolis HU60 — Centrale hydraulique pour ascenseurs',
      paragraphs: [
        'Manuel d\'entretien. La centrale HU60 alimente les ascenseurs hydrauliques à vérin direct ou à mouflage 2:1. Elle comprend le réservoir, le groupe moto-pompe immergé, le bloc de vannes et l\'armoire de puissance.',
        'Charge nominale de l\'ascenseur : 320 à 1 000 kg. Course maximale : 18 m. Pression statique maximale : 45 bar. Débit de la pompe : 60 à 150 L/min selon la version. Moteur immergé : 7,5 à 15 kW.',
        'Versions : HU60-S (réservoir de 120 L) et HU60-L (réservoir de 180 L).',
      ],
    },
    {
      title: '1. Huile hydraulique',
      paragraphs: [
        'Utiliser une huile hydraulique minérale de grade ISO VG 46 (type HLP 46). En local froid, lorsque la température du local descend sous 10 °C, utiliser une huile ISO VG 32.',
        'Température de fonctionnement de l\'huile : 15 à 60 °C. Au-delà de 70 °C, le thermostat d\'huile coupe la montée ; la descente reste possible.',
        'Un réchauffeur d\'huile de 300 W est obligatoire lorsque le local peut descendre sous 10 °C : une huile trop froide ralentit les départs et provoque des arrêts hors niveau.',
        'Ne jamais mélanger deux huiles de marques ou de grades différents.',
      ],
    },
    {
      title: '2. Niveau, vidange et déchets',
      paragraphs: [
        'Contrôler le niveau d\'huile chaque mois, cabine au niveau le plus bas : l\'huile doit se situer entre les repères MINI et MAXI de la jauge.',
        'Vidange : tous les 5 ans, ou plus tôt si l\'analyse d\'huile montre une teneur en eau supérieure à 0,1 %. Nettoyer le filtre d\'aspiration tous les 2 ans.',
        'L\'huile usagée est un déchet dangereux : code déchet 13 01 10* (huiles hydrauliques minérales non chlorées). La remettre à un collecteur agréé avec un bordereau de suivi des déchets (BSD). Les chiffons souillés suivent la même filière.',
      ],
    },
    { scanned: true },
    {
      title: '3. Réglages du bloc de vannes',
      paragraphs: [
        'Soupape de limitation de pression : tarage à 1,4 fois la pression statique au maximum. Plomber la vis de réglage après tarage.',
        'Vitesse de nivelage (petite vitesse avant l\'arrêt) : 0,05 m/s. Régler la vis V3 du bloc pour obtenir un arrêt à niveau sans à-coup.',
        'Vanne de descente manuelle de secours : elle permet de ramener la cabine au niveau inférieur en cas de panne, à vitesse réduite. Actionner le bouton rouge de la vanne par appuis successifs, après avoir vérifié que les portes sont fermées.',
        'Clapet parachute (clapet de rupture) monté sur le vérin : essai annuel. Il doit se fermer lorsque la vitesse de descente dépasse la vitesse nominale de plus de 0,3 m/s.',
      ],
    },
    {
      title: '4. Fuites, joints et flexibles',
      paragraphs: [
        'Une légère humidité sur la tige du vérin est normale. Une fuite de plus d\'une goutte par course impose le remplacement du joint de tête du vérin (kit HY-JT-60).',
        'Serrer les raccords des flexibles à 60 N.m. Remplacer les flexibles haute pression tous les 10 ans, ou immédiatement en cas de gonflement ou de craquelure.',
        'Recueillir l\'huile de fuite du bac de récupération du vérin à chaque visite et noter le volume dans le carnet d\'entretien.',
      ],
    },
    {
      title: '5. Contacts Hydrolis',
      paragraphs: [
        'Technicien référent pour la région : Elodie Garnier, elodie.garnier@hydrolis-service.fr, +33 6 98 76 54 32.',
        'Astreinte Hydrolis : 0033 6 11 22 33 44.',
      ],
    },
  ],
}
