import { Alert, Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core'
import { useForm } from '@mantine/form'
import { IconAlertTriangle, IconSparkles } from '@tabler/icons-react'
import { useState } from 'react'
import { QueryState } from '@/components/query-state'
import { SectionCard } from '@/components/section-card'
import type { Schemas } from '@/lib/api/client'
import { ApiError, errorMessage } from '@/lib/api/errors'
import { useMe } from '@/lib/auth/use-me'
import { useSuggestBilan } from '../api/assistant'
import { useReportValues } from '../api/options'
import { useSaveReport } from '../api/work-orders'
import { appendTranscript } from '../lib/dictation'
import { formatDateTime } from '../lib/format'
import { choicesFor, hasAny, suggestionInput } from '../lib/suggestions'
import { REPORT_FIELDS, type ReportField } from '../labels'
import { DictateButton } from './dictate-button'
import { NotesField } from './report-notes'
import { SuggestionChips } from './suggestion-chips'
import { useDictation } from './use-dictation'

type Report = Schemas['WorkOrderReport']
type Values = Record<ReportField, string | null> & { notes: string }

/**
 * The coded report: free notes (typed or dictated), six pickers of active reference values
 * (Constat, Cause and Action needed to close), and codes the assistant suggests from the
 * order's description and the notes, chosen only by a tap.
 */
export function ReportSection({ orderId, report, description, editable }: { orderId: string; report: Report; description: string | null; editable: boolean }) {
  const footer = report.updatedBy && report.updatedAt && (
    <Text size="xs" c="dimmed" mt="sm">Modifié par {report.updatedBy.displayName}, {formatDateTime(report.updatedAt)}</Text>
  )
  return (
    <SectionCard id="report" title="Rapport d’intervention">
      {editable
        ? <EditableReport key={report.updatedAt ?? 'new'} orderId={orderId} report={report} description={description} />
        : <ReadOnlyReport report={report} />}
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
      <div style={{ gridColumn: '1 / -1' }}>
        <Text component="dt" size="xs" c="dimmed">Notes</Text>
        <Text component="dd" size="sm" m={0} style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{report.notes ?? '—'}</Text>
      </div>
    </SimpleGrid>
  )
}

function EditableReport({ orderId, report, description }: { orderId: string; report: Report; description: string | null }) {
  const values = useReportValues()
  const save = useSaveReport()
  const suggest = useSuggestBilan()
  const { features } = useMe()
  const [dictated, setDictated] = useState(false)
  // Keyed on the report's last change (above): a saved report starts a fresh form.
  const initial = { ...Object.fromEntries(REPORT_FIELDS.map((f) => [f.field, report[f.key]?.id ?? null])), notes: report.notes ?? '' } as Values
  const form = useForm<Values>({ initialValues: initial })
  const dictation = useDictation((text) => {
    form.setFieldValue('notes', (notes) => appendTranscript(notes, text))
    setDictated(true)
  })
  const suggestFrom = suggestionInput(description, form.values.notes)

  const submit = form.onSubmit((v) => {
    // Only the fields changed here: another technician's choice on the other fields stays.
    const body: Schemas['ReportUpsert'] = {}
    for (const f of REPORT_FIELDS) if (v[f.field] !== initial[f.field]) body[f.input] = v[f.field]
    if (v.notes !== initial.notes) body.notes = v.notes.trim() ? v.notes : null
    save.mutate({ params: { path: { id: orderId } }, body }, {
      onError: (e) => {
        if (!(e instanceof ApiError)) return
        const errors = e.fieldErrors()
        form.setErrors({
          ...Object.fromEntries(REPORT_FIELDS.filter((f) => errors[f.input]).map((f) => [f.field, errors[f.input]])),
          ...(errors.notes ? { notes: errors.notes } : {}),
        })
      },
    })
  })

  const actions = (
    <>
      {features.dictation && <DictateButton dictation={dictation} />}
      {/* suggestBilan needs WORK_ORDERS edit, the right that makes this form editable. */}
      <Button variant="light" mih={44} leftSection={<IconSparkles size={18} aria-hidden />} loading={suggest.isPending}
        disabled={!suggestFrom || dictation.state !== 'idle'}
        onClick={() => suggestFrom && suggest.mutate({ body: { description: suggestFrom } })}>
        Suggérer les codes
      </Button>
    </>
  )

  return (
    <QueryState query={values}>
      {(data) => (
        <form onSubmit={submit} noValidate>
          <Stack>
            <NotesField
              value={form.values.notes} error={form.errors.notes} actions={actions} dictated={dictated} dictationError={dictation.error}
              onChange={(v) => form.setFieldValue('notes', v)}
            />
            {suggest.isError && (
              <Alert color="red" variant="light" p="xs" icon={<IconAlertTriangle size={18} />}>Suggestions impossibles : {errorMessage(suggest.error)}</Alert>
            )}
            {suggest.data && (
              <Text size="sm" c="dimmed" role="status">
                {hasAny(suggest.data)
                  ? 'Codes suggérés sous chaque champ : touchez celui qui convient (rien n’est choisi sans vous).'
                  : 'Aucun code à suggérer : décrivez davantage ce qui a été constaté et fait.'}
              </Text>
            )}
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {REPORT_FIELDS.map((f) => {
                const field = data.fields.find((x) => x.field === f.field)
                const held = report[f.key]
                const options = (field?.values ?? []).map((r) => ({ value: r.id, label: r.label }))
                // A value deactivated since it was chosen stays shown (the API keeps it).
                if (held && !options.some((o) => o.value === held.id)) options.push({ value: held.id, label: `${held.label} (retiré de la liste)` })
                return (
                  <div key={f.field}>
                    <Select label={f.label} withAsterisk={field?.required} placeholder="À choisir" data={options} clearable
                      clearButtonProps={{ 'aria-label': `Effacer ${f.label.toLowerCase()}` }} nothingFoundMessage="Aucune valeur"
                      comboboxProps={{ withinPortal: true }} {...form.getInputProps(f.field)} />
                    <SuggestionChips field={f.label} choices={choicesFor(suggest.data, f.key, options)} value={form.values[f.field]}
                      onPick={(id) => form.setFieldValue(f.field, id)} />
                  </div>
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
