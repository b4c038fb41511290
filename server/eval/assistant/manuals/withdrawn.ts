// Two files that must never give an answer: a Kinetra KX-5 note uploaded and then taken out of
// the corpus (its facts — E-415, a 48 V battery — exist nowhere else), and an « Ascenda AD30 »
// manual whose bytes start like a PDF but are not one (the re-indexing counts it and goes on).
import type { DamagedFile, Manual } from './types.ts'

export const kinetraKx5Withdrawn: Manual = {
  key: 'kinetra-kx5',
  fileName: 'Kinetra_KX-5_note_technique.pdf',
  title: 'Kinetra KX-5 — Note technique',
  attach: { asset: 'BLV-1' },
  inCorpus: false,
  pages: [
    {
      title: 'Kinetra KX-5 — Note technique préliminaire',
      paragraphs: [
        'L\'armoire KX-5 remplace la KX-3 sur les ascenseurs de vitesse nominale jusqu\'à 2,5 m/s. Elle intègre le variateur et un module de sauvetage automatique (ARD).',
        'Batterie du module de sauvetage : 48 V, 12 Ah, à remplacer tous les 3 ans.',
      ],
    },
    {
      title: 'Codes propres à la KX-5',
      paragraphs: [
        'E-415 — Défaut du bus continu du variateur intégré. Remède : contrôler le condensateur de filtrage et la résistance de freinage, puis redémarrer.',
        'E-420 — Défaut du module de sauvetage ARD. Remède : contrôler la batterie 48 V et son fusible F9 (10 A).',
        'E-433 — Défaut de la fonction STO (suppression sûre du couple). Remède : contrôler le câblage des deux canaux STO.',
      ],
    },
    {
      title: 'Paramètres de sauvetage',
      paragraphs: [
        'P44 — Vitesse de sauvetage automatique : 0,15 m/s. P45 — Sens de sauvetage : sens de la charge la plus favorable.',
      ],
    },
  ],
}

// Deterministic bytes: a PDF header, then text that no PDF reader can parse.
const garbage = Array.from({ length: 4096 }, (_, i) => (i * 73 + 41) % 251)

export const ascendaAd30Damaged: DamagedFile = {
  key: 'ascenda-ad30',
  fileName: 'Ascenda_AD30_notice_operateur.pdf',
  bytes: new Uint8Array([...new TextEncoder().encode('%PDF-1.4\n%damaged\n1 0 obj\n<< /Type /Catalog'), ...garbage]),
  attach: { asset: 'CSM-2' },
}
