// The six fields of the coded intervention report (DESIGN.md, elevator practice), in the
// order a technician fills them. The work-order issue closes an order only when the required
// ones are set.
export const REPORT_FIELDS = ['SYMPTOM', 'COMPONENT', 'CAUSE', 'ACTION', 'RESULT', 'CIRCUMSTANCE'] as const
export type ReportField = (typeof REPORT_FIELDS)[number]

export const REPORT_FIELD_INFO: Record<ReportField, { label: string; required: boolean }> = {
  SYMPTOM: { label: 'Constat', required: true },
  COMPONENT: { label: 'Organe', required: false },
  CAUSE: { label: 'Cause', required: true },
  ACTION: { label: 'Action', required: true },
  RESULT: { label: 'Résultat', required: false },
  CIRCUMSTANCE: { label: 'Circonstance', required: false },
}

export const REQUIRED_REPORT_FIELDS = REPORT_FIELDS.filter((f) => REPORT_FIELD_INFO[f].required)
