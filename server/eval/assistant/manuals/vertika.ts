// « Vertika » LV8 overspeed governor and PV2 progressive safety gear: tripping speeds (a table
// with three speeds only: another speed is a value not given), governor rope criteria that
// differ from the traction ropes', the annual test. Attached to a work order, not an elevator.
import type { Manual } from './types.ts'

export const vertikaLv8: Manual = {
  key: 'vertika-lv8',
  fileName: 'Vertika_LV8_PV2_limiteur_et_parachute.pdf',
  title: 'Vertika LV8 / PV2 — Limiteur de vitesse et parachute progressif',
  attach: { order: 'L02' },
  pages: [
    {
      title: 'Vertika — Limiteur de vitesse LV8 et parachute progressif PV2',
      paragraphs: [
        'Notice d\'installation et de maintenance. Le limiteur LV8 convient aux ascenseurs de vitesse nominale 0,5 à 2,5 m/s. Poulie du limiteur : 200 mm. Câble du limiteur : 6 mm, construction 6x19 à âme textile.',
        'Le parachute progressif PV2 équipe les cabines et contrepoids dont la masse totale (cabine plus charge) est comprise entre 1 000 et 4 500 kg. Il agit par coins sur des guides de 9 à 16 mm d\'épaisseur de champignon.',
        'Le limiteur, entraîné par la cabine au moyen de son câble, bloque le câble en cas de survitesse ; le câble bloqué actionne la timonerie du parachute qui arrête la cabine sur ses guides.',
      ],
    },
    {
      title: '1. Vitesse de déclenchement du limiteur',
      paragraphs: [
        'La vitesse de déclenchement mécanique est au moins égale à 115 % de la vitesse nominale. Valeurs de réglage usine (tolérance ± 0,05 m/s) :',
        'Vitesse nominale 1,0 m/s : déclenchement à 1,25 m/s. Vitesse nominale 1,6 m/s : déclenchement à 1,90 m/s. Vitesse nominale 2,0 m/s : déclenchement à 2,35 m/s.',
        'Le contact électrique de survitesse s\'ouvre avant le blocage mécanique, à 95 % de la vitesse de déclenchement, pour couper la manœuvre.',
        'Le réglage est plombé en usine : ne jamais modifier le ressort de réglage sur site. Un limiteur dont le plomb est rompu doit être retourné au fabricant.',
      ],
    },
    {
      title: '2. Câble du limiteur et poulie tendeuse',
      paragraphs: [
        'Diamètre nominal du câble du limiteur : 6 mm. Le remplacer lorsque son diamètre mesuré est inférieur à 5,6 mm, lorsque 4 fils cassés apparaissent sur un pas de câble, ou en présence d\'un toron cassé ou d\'une déformation.',
        'Poulie tendeuse en cuvette : masse de tension de 25 kg. Le contact de mou de câble doit s\'ouvrir lorsque la poulie tendeuse descend de plus de 50 mm.',
        'Contrôler la gorge de la poulie du limiteur : une gorge usée fait patiner le câble et retarde le déclenchement.',
      ],
    },
    {
      title: '3. Parachute PV2 — jeux et réarmement',
      paragraphs: [
        'Jeu entre chaque coin et la face du guide : 2 à 3 mm de chaque côté, cabine centrée sur ses guides.',
        'Les faces des guides ne doivent pas recevoir de graisse au bisulfure de molybdène : elle réduit le coefficient de frottement et allonge la distance d\'arrêt. Utiliser l\'huile de guide prévue par le fabricant de l\'ascenseur.',
        'Réarmement après une prise de parachute : remonter la cabine en manœuvre d\'inspection ; les coins se libèrent d\'eux-mêmes ; réarmer ensuite le contact de parachute par son bouton bleu, puis le limiteur. Rechercher la cause de la survitesse avant la remise en service.',
        'Après une prise, éliminer à la lime les traces laissées par les coins sur les guides.',
      ],
    },
    {
      title: '4. Essai annuel',
      paragraphs: [
        'Une fois par an, essai du parachute cabine vide, à la vitesse nominale, en descente : déclencher le limiteur à distance par sa bobine de déclenchement, depuis l\'armoire. La cabine doit s\'arrêter sur ses guides et le plancher ne doit pas s\'incliner de plus de 5 %.',
        'Contrôler ensuite le contact de parachute, le contact du limiteur et les traces sur les guides. Consigner l\'essai dans le carnet d\'entretien.',
        'L\'essai en charge (125 % de la charge nominale) est réalisé lors du contrôle technique quinquennal, en présence du contrôleur.',
      ],
    },
    {
      title: '5. Couples de serrage et lubrification',
      paragraphs: [
        'Vis de fixation du limiteur LV8 sur son support, M10 : 49 N.m. Vis de fixation du boîtier de parachute PV2 sur l\'étrier, M16 : 210 N.m.',
        'Graisser l\'axe de la poulie du limiteur tous les 12 mois, graisse NLGI 2. Ne pas graisser la gorge de la poulie.',
        'Huiler légèrement les articulations de la timonerie du parachute à chaque essai annuel.',
      ],
    },
    {
      title: '6. Contact',
      paragraphs: [
        'Chargé d\'affaires pour la région : M. Dufour, 06-98-76-54-31, j.dufour@vertika.eu.',
        'Les limiteurs à réétalonner sont à retourner à l\'usine de Vertika avec leur fiche de suivi.',
      ],
    },
  ],
}
