import { Grid, Group, Loader, Stack, Text, VisuallyHidden } from '@mantine/core'
import { useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { PageHeader } from '@/components/page-header'
import { useMe } from '@/lib/auth/use-me'
import { useAsk, useAskedAsset } from '../api/assistant'
import { AnswerCard } from '../components/answer-card'
import { AskError } from '../components/ask-error'
import { AssetChip } from '../components/asset-chip'
import { HistoryList } from '../components/history-list'
import { QuestionForm } from '../components/question-form'
import { RefusalCard } from '../components/refusal-card'
import { withAsked, type Asked } from '../lib/history'

/**
 * « Assistant »: a question in French, answered from the manuals and the closed orders'
 * reports with the page or the order it comes from, or an honest « je ne sais pas ».
 * `?assetId=` asks about one elevator. The session's questions stay on the page (state only).
 * Someone without the right never gets here: the shell shows « Page réservée » (navigation.ts).
 */
export function Component() {
  return (
    <>
      <PageHeader title="Assistant" description="Une question sur une panne, un réglage ou un code défaut : la réponse cite le manuel ou l’intervention d’où elle vient." />
      <Assistant />
    </>
  )
}

function Assistant() {
  const { can } = useMe()
  const [params, setParams] = useSearchParams()
  const assetId = params.get('assetId')
  const asset = useAskedAsset(assetId, can('ASSETS'))
  const ask = useAsk()
  const [text, setText] = useState('')
  const [history, setHistory] = useState<Asked[]>([])
  const [shownId, setShownId] = useState<number | null>(null)
  const nextId = useRef(1)
  const result = useRef<HTMLDivElement>(null)

  const onAsk = (question: string) => {
    const about = assetId ? { id: assetId, reference: asset.data?.reference ?? 'choisi' } : null
    ask.mutate({ body: { question, ...(assetId ? { assetId } : {}) } }, {
      onSuccess: (answer) => {
        const id = nextId.current++
        setHistory((h) => withAsked(h, { id, question, asset: about, answer }))
        setShownId(id)
        requestAnimationFrame(() => result.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' }))
      },
    })
  }
  const removeAsset = () => {
    const next = new URLSearchParams(params)
    next.delete('assetId')
    setParams(next, { replace: true })
  }
  const show = (id: number) => { ask.reset(); setShownId(id) }
  const shown = history.find((h) => h.id === shownId)

  return (
    <Grid gap="md" maw={1200}>
      <Grid.Col span={{ base: 12, md: history.length ? 8 : 12 }}>
        <Stack gap="md" maw={history.length ? undefined : 820}>
          {assetId && <AssetChip reference={asset.data?.reference ?? null} onRemove={removeAsset} />}
          <QuestionForm value={text} onChange={setText} onAsk={onAsk} pending={ask.isPending} showExamples={history.length === 0 && !ask.isPending} />
          <div ref={result} style={{ scrollMarginTop: 72 }}>
            <div role="status" aria-live="polite">
              {ask.isPending && (
                <Group gap="sm" py="md"><Loader size="sm" aria-hidden /><Text>Recherche dans les manuels et les rapports…</Text></Group>
              )}
              {!ask.isPending && shown && !ask.isError && <VisuallyHidden>{announce(shown)}</VisuallyHidden>}
            </div>
            {ask.isError && <AskError error={ask.error} />}
            {!ask.isPending && !ask.isError && shown && (shown.answer.answered ? <AnswerCard asked={shown} /> : <RefusalCard asked={shown} />)}
          </div>
        </Stack>
      </Grid.Col>
      {history.length > 0 && (
        <Grid.Col span={{ base: 12, md: 4 }}>
          <HistoryList history={history} shownId={ask.isError ? null : shownId} onShow={show} />
        </Grid.Col>
      )}
    </Grid>
  )
}

/** What a screen reader hears when the answer arrives. */
function announce(asked: Asked): string {
  const n = asked.answer.citations.length
  return asked.answer.answered ? `Réponse trouvée, ${n} source${n > 1 ? 's' : ''}.` : 'Pas de réponse dans les sources.'
}
