import { Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core'
import { useForm } from '@mantine/form'
import { QueryState } from '@/components/query-state'
import type { Schemas } from '@/lib/api/client'
import { ApiError } from '@/lib/api/errors'
import { useReportValues } from '../api/options'
import { useSaveReport } from '../api/work-orders'
import { formatDateTime } from '../lib/format'
import { REPORT_FIELDS, type ReportField } from '../labels'
import { SectionCard } from './section-card'

type Report = Schemas['WorkOrderReport']
type Values = Record<ReportField, string | null>

/** The coded report: six pickers of active reference values (Constat, Cause and Action needed to close). */
export function ReportSection({ orderId, report, editable }: { orderId: string; report: Report; editable: boolean }) {
  const footer = report.updatedBy && report.updatedAt && (
    <Text size="xs" c="dimmed" mt="sm">Modifié par {report.updatedBy.displayName}, {formatDateTime(report.updatedAt)}</Text>
  )
  return (
    <SectionCard id="report" title="Rapport d’intervention">
      {editable ? <EditableReport key={report.updatedAt ?? 'new'} orderId={orderId} report={report} /> : <ReadOnlyReport report={report} />}
      {footer}
    </SectionCard>
  )
}

function ReadOnlyReport({ report }: { report: Report }) {
  return (
    <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs" component="dl" m={0}>
      {REPORT_FIELDS.map((f) => (
        <div key={f.field}>
          <Text component="dt" size="xs" c="dimmed">{f.label}</Text>
          <Text component="dd" size="sm" m={0}>{report[f.key]?.label ?? '—'}</Text>
        </div>
      ))}
    </SimpleGrid>
  )
}

function EditableReport({ orderId, report }: { orderId: string; report: Report }) {
  const values = useReportValues()
  const save = useSaveReport()
  // Keyed on the report's last change (above): a saved report starts a fresh form.
  const initial = Object.fromEntries(REPORT_FIELDS.map((f) => [f.field, report[f.key]?.id ?? null])) as Values
  const form = useForm<Values>({ initialValues: initial })

  const submit = form.onSubmit((v) => {
    // Only the fields changed here: another technician's choice on the other fields stays.
    const body: Schemas['ReportUpsert'] = {}
    for (const f of REPORT_FIELDS) if (v[f.field] !== initial[f.field]) body[f.input] = v[f.field]
    save.mutate({ params: { path: { id: orderId } }, body }, {
      onError: (e) => {
        if (!(e instanceof ApiError)) return
        const errors = e.fieldErrors()
        form.setErrors(Object.fromEntries(REPORT_FIELDS.filter((f) => errors[f.input]).map((f) => [f.field, errors[f.input]])))
      },
    })
  })

  return (
    <QueryState query={values}>
      {(data) => (
        <form onSubmit={submit} noValidate>
          <Stack>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {REPORT_FIELDS.map((f) => {
                const field = data.fields.find((x) => x.field === f.field)
                const held = report[f.key]
                const options = (field?.values ?? []).map((r) => ({ value: r.id, label: r.label }))
                // A value deactivated since it was chosen stays shown (the API keeps it).
                if (held && !options.some((o) => o.value === held.id)) options.push({ value: held.id, label: `${held.label} (retiré de la liste)` })
                return (
                  <Select key={f.field} label={f.label} withAsterisk={field?.required} placeholder="À choisir" data={options} clearable
                    clearButtonProps={{ 'aria-label': `Effacer ${f.label.toLowerCase()}` }} nothingFoundMessage="Aucune valeur"
                    comboboxProps={{ withinPortal: true }} {...form.getInputProps(f.field)} />
                )
              })}
            </SimpleGrid>
            <Group justify="flex-end">
              <Button type="submit" loading={save.isPending} disabled={!form.isDirty()}>Enregistrer le rapport</Button>
            </Group>
          </Stack>
        </form>
      )}
    </QueryState>
  )
}
