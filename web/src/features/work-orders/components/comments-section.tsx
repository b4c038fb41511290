import { Button, Group, Stack, Text, Textarea } from '@mantine/core'
import { useForm } from '@mantine/form'
import { SectionCard } from '@/components/section-card'
import type { Schemas } from '@/lib/api/client'
import { ApiError } from '@/lib/api/errors'
import { useComment } from '../api/work-orders'
import { formatDateTime } from '../lib/format'

/** Comments, oldest first as a conversation reads, and the box to add one. */
export function CommentsSection({ orderId, comments, canComment }: { orderId: string; comments: Schemas['WorkOrderComment'][]; canComment: boolean }) {
  return (
    <SectionCard id="comments" title={`Commentaires${comments.length ? ` (${comments.length})` : ''}`}>
      <Stack gap="sm">
        {comments.length === 0 && <Text size="sm" c="dimmed">Aucun commentaire pour l’instant.</Text>}
        {comments.length > 0 && (
          <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
            {comments.map((c) => (
              <li key={c.id}>
                <Group gap={6} align="baseline">
                  <Text size="sm" fw={600}>{c.author?.displayName ?? 'Système'}</Text>
                  <Text size="xs" c="dimmed">{formatDateTime(c.createdAt)}</Text>
                </Group>
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{c.body}</Text>
              </li>
            ))}
          </Stack>
        )}
        {canComment && <CommentForm orderId={orderId} />}
      </Stack>
    </SectionCard>
  )
}

function CommentForm({ orderId }: { orderId: string }) {
  const comment = useComment()
  const form = useForm({
    initialValues: { body: '' },
    validate: { body: (v) => (!v.trim() ? 'Écrivez le commentaire.' : v.length > 2000 ? '2 000 caractères au plus.' : null) },
  })
  const submit = form.onSubmit((v) => comment.mutate({ params: { path: { id: orderId } }, body: { body: v.body.trim() } }, {
    onSuccess: () => form.reset(),
    onError: (e) => { if (e instanceof ApiError) form.setErrors(e.fieldErrors()) },
  }))
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="xs">
        <Textarea label="Nouveau commentaire" autosize minRows={2} maxRows={8} {...form.getInputProps('body')} />
        <Group justify="flex-end">
          <Button type="submit" variant="light" loading={comment.isPending}>Ajouter le commentaire</Button>
        </Group>
      </Stack>
    </form>
  )
}
