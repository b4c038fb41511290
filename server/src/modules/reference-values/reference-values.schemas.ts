import { Body, Count, List, named, Out, StringEnum, Text, Type, Uuid } from '../../http/schema-kit.ts'
import { REPORT_FIELD_INFO, REPORT_FIELDS } from './reference-values.fields.ts'

export const ReportFieldName = StringEnum(REPORT_FIELDS, {
  description: 'Field of the coded report: SYMPTOM (Constat), COMPONENT (Organe), CAUSE (Cause), ACTION (Action), RESULT (Résultat), CIRCUMSTANCE (Circonstance).',
})

// An administrable vocabulary: a few dozen labels per field in practice, listed whole.
export const MAX_VALUES_PER_FIELD = 1000

const Label = () => Text(120, { minLength: 1, pattern: '\\S', description: 'Unique within the field, compared case-insensitively; trimmed.' })

export const ReferenceValue = named('ReferenceValue', Out({
  id: Uuid(),
  field: ReportFieldName,
  label: Text(120),
  isActive: Type.Boolean({ description: 'An inactive value stays on the reports that use it but cannot be chosen again.' }),
  usageCount: Count({ description: 'Work-order reports using this value.' }),
}))

export const ReferenceField = named('ReferenceField', Out({
  field: ReportFieldName,
  label: StringEnum(REPORT_FIELDS.map((f) => REPORT_FIELD_INFO[f].label), { description: 'French name of the field, as shown on the report.' }),
  required: Type.Boolean({ description: 'true when a work order cannot be closed without this field (Constat, Cause, Action).' }),
  values: List(ReferenceValue, MAX_VALUES_PER_FIELD, { description: 'Sorted by position (new values last), then label.' }),
}))

export const ReferenceValuesResponse = named('ReferenceValuesResponse', Out({
  fields: List(ReferenceField, REPORT_FIELDS.length, {
    minItems: REPORT_FIELDS.length,
    description: 'Always the six report fields, in the order SYMPTOM, COMPONENT, CAUSE, ACTION, RESULT, CIRCUMSTANCE.',
  }),
}))

export const ReferenceValuesQuery = Type.Object({
  active: Type.Optional(Type.Boolean({ description: 'true: active values only (what a report may choose); false: inactive only. The six fields are listed either way.' })),
}, { additionalProperties: false })

export const ReferenceValueCreate = named('ReferenceValueCreate', Body({
  field: ReportFieldName,
  label: Label(),
}, { description: 'The new value goes last in its field.' }))

export const ReferenceValueUpdate = named('ReferenceValueUpdate', Body({
  label: Type.Optional(Label()),
  isActive: Type.Optional(Type.Boolean({ description: 'false deactivates: excluded from new reports, kept on existing ones.' })),
}, { minProperties: 1, description: 'Rename, or deactivate / reactivate. The field never changes and values are never deleted.' }))
