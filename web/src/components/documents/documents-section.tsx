import { ActionIcon, Badge, Button, Card, Center, Group, Stack, Switch, Text, Title } from '@mantine/core'
import { modals } from '@mantine/modals'
import { notifications } from '@mantine/notifications'
import { IconCloudCheck, IconDownload, IconFileText, IconPhoto, IconPlus, IconTrash } from '@tabler/icons-react'
import { useState } from 'react'
import { EmptyState } from '@/components/empty-state'
import { QueryState } from '@/components/query-state'
import { documentKindLabel } from '@/config/labels'
import { errorMessage } from '@/lib/api/errors'
import { downloadDocument } from '@/lib/api/files'
import { useKeptDocumentIds } from '@/lib/api/kept-documents'
import { useDeleteDocument, useDocuments, useSetCorpus, type Document, type DocumentTarget } from './api'
import { formatDocumentDate, formatSize } from './format'
import { UploadModal } from './upload-modal'

/**
 * The documents of an elevator or of a work order. `canEdit` is the caller's edit right on the
 * target's category (ASSETS or WORK_ORDERS): add, the assistant's switch and delete.
 */
/** Why the button is disabled: the spec asks the edit right on the target (PUT on it). */
export function readOnlyReason(target: DocumentTarget): string {
  return 'assetId' in target
    ? 'Ajouter un document demande le droit de modifier cet équipement, que votre rôle ne donne pas.'
    : 'Ajouter un document demande le droit de modifier cet ordre de travail, que vous n’avez pas ici.'
}

export function DocumentsSection({ target, canEdit }: { target: DocumentTarget; canEdit: boolean }) {
  const query = useDocuments(target)
  const [adding, setAdding] = useState(false)
  const kept = useKeptDocumentIds()
  const count = query.data?.length
  // More follow than are shown: the title says so and « Charger plus » brings them.
  const more = query.hasNextPage ? '+' : ''
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="documents-title">
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={2} fz="lg" id="documents-title">Documents{count ? ` (${count}${more})` : ''}</Title>
        {/* Never a silent absence: without the right the button stays, disabled, with its reason. */}
        <Button variant="light" mih={44} leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}
          disabled={!canEdit} aria-describedby={canEdit ? undefined : 'documents-readonly'}>Ajouter un document</Button>
      </Group>
      {!canEdit && <Text id="documents-readonly" size="sm" c="dimmed" mb="sm">{readOnlyReason(target)}</Text>}
      <QueryState query={query}>
        {(documents) => {
          if (documents.length === 0) return <EmptyState title="Aucun document">Notices, schémas, photos et rapports apparaîtront ici.</EmptyState>
          return (
            <>
              <Stack gap={0} component="ul" aria-label="Documents" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
                {documents.map((d) => <DocumentRow key={d.id} doc={d} canEdit={canEdit} kept={kept.has(d.id)} />)}
              </Stack>
              {query.hasNextPage && (
                <Center mt="sm">
                  <Button variant="default" onClick={() => query.fetchNextPage()} loading={query.isFetchingNextPage}>Charger plus</Button>
                </Center>
              )}
            </>
          )
        }}
      </QueryState>
      {canEdit && <UploadModal target={target} opened={adding} onClose={() => setAdding(false)} />}
    </Card>
  )
}

function DocumentRow({ doc, canEdit, kept }: { doc: Document; canEdit: boolean; kept: boolean }) {
  const corpus = useSetCorpus()
  const remove = useDeleteDocument()
  const [downloading, setDownloading] = useState(false)
  const Icon = doc.contentType === 'application/pdf' ? IconFileText : IconPhoto

  const download = async () => {
    setDownloading(true)
    try { await downloadDocument(doc.id, doc.fileName) }
    catch (e) { notifications.show({ color: 'red', title: 'Téléchargement impossible', message: errorMessage(e) }) }
    finally { setDownloading(false) }
  }
  const confirmDelete = () => modals.openConfirmModal({
    title: 'Supprimer ce document ?',
    children: <Text size="sm" style={{ overflowWrap: 'anywhere' }}>« {doc.fileName} » sera supprimé définitivement.</Text>,
    labels: { confirm: 'Supprimer', cancel: 'Annuler' },
    confirmProps: { color: 'red' },
    closeButtonProps: { 'aria-label': 'Fermer' },
    onConfirm: () => remove.mutate({ params: { path: { id: doc.id } } }, {
      onSuccess: () => notifications.show({ color: 'green', message: 'Document supprimé.' }),
    }),
  })

  return (
    <Group component="li" justify="space-between" align="center" gap="xs" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}>
      <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 16rem', minWidth: 0 }}>
        <Icon size={22} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} color="var(--mantine-color-gray-7)" />
        <Stack gap={0} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>{doc.fileName}</Text>
          <Text size="xs" c="gray.7">
            {documentKindLabel[doc.kind]} · {formatSize(doc.sizeBytes)} · {formatDocumentDate(doc.createdAt)}
            {doc.uploadedBy ? ` · ${doc.uploadedBy.displayName}` : ''}
          </Text>
          {/* Opened once on this phone: the worker keeps it for a basement without signal. */}
          {kept && (
            <Badge mt={4} color="teal.9" variant="filled" tt="none" leftSection={<IconCloudCheck size={14} aria-hidden />} style={{ alignSelf: 'flex-start' }}>
              Disponible hors connexion
            </Badge>
          )}
        </Stack>
      </Group>
      <Group gap="xs" wrap="nowrap" ml="auto">
        {canEdit && (
          <Switch size="sm" label="Lu par l’assistant" checked={doc.inCorpus} disabled={corpus.isPending}
            aria-label={`Lu par l’assistant — ${doc.fileName}`}
            onChange={(e) => corpus.mutate({ params: { path: { id: doc.id } }, body: { inCorpus: e.currentTarget.checked } })} />
        )}
        <ActionIcon variant="subtle" size={44} loading={downloading} onClick={download} aria-label={`Télécharger ${doc.fileName}`} title="Télécharger">
          <IconDownload size={20} />
        </ActionIcon>
        {canEdit && (
          <ActionIcon variant="subtle" color="red" size={44} onClick={confirmDelete} aria-label={`Supprimer ${doc.fileName}`} title="Supprimer">
            <IconTrash size={20} />
          </ActionIcon>
        )}
      </Group>
    </Group>
  )
}
