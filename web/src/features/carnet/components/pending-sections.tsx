// The periodic operations (brakes, ropes, safety gear…) and the five-yearly technical
// inspection belong in the carnet and the annual report (issue 18 §2). They are built on
// another branch: once AssetDetail carries them, this is the one place to show them, in both
// documents. Until then the page says plainly that Palier does not hold them yet.
import { printClasses as c } from './print-document'

export function PendingComplianceSections({ headingLevel = 2 }: { headingLevel?: 2 | 3 }) {
  const H = `h${headingLevel}` as const
  return (
    <section className={c.block} data-section="periodic-and-inspection">
      <H className={c.sectionTitle}>Opérations périodiques et contrôle technique</H>
      <p className={c.note}>Non tenus dans Palier à ce jour : se reporter au registre de l’entreprise de maintenance.</p>
    </section>
  )
}
