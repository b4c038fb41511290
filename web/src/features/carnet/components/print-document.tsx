// The printable frame shared by the carnet and the annual report: a running header and footer
// repeated on each printed page (a table's thead and tfoot), page numbers in the page's margin
// (print-document.module.css), the rest of the app hidden on paper.
import type { ReactNode } from 'react'
import classes from './print-document.module.css'

export { classes as printClasses }

export function PrintDocument({ header, footer, children, label }: { header: ReactNode; footer: ReactNode; children: ReactNode; label: string }) {
  return (
    <article className={classes.paper} data-print-document aria-label={label}>
      <table className={classes.frame} role="presentation">
        <thead><tr><td><div className={classes.runningHeader}>{header}</div></td></tr></thead>
        <tfoot><tr><td><div className={classes.runningFooter}>{footer}</div></td></tr></tfoot>
        <tbody><tr><td>{children}</td></tr></tbody>
      </table>
    </article>
  )
}

/** A label over its value, in the identification blocks. */
export function Fact({ label, children }: { label: string; children: ReactNode }) {
  return <div><dt>{label}</dt><dd>{children}</dd></div>
}
