import { Alert, Button, FileInput, Group, Modal, Progress, Select, Stack, Text } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconAlertTriangle, IconUpload } from '@tabler/icons-react'
import { useRef, useState } from 'react'
import { documentKindLabel } from '@/config/labels'
import { errorMessage } from '@/lib/api/errors'
import { uploadWithProgress, type UploadProgress } from '@/lib/api/files'
import { useRefreshAfter } from '@/lib/api/use-write'
import type { Document, DocumentKind, DocumentTarget } from './api'
import { refusalOf } from './file-check'
import { ACCEPTED_FILES, formatSize } from './format'

const KINDS = Object.entries(documentKindLabel).map(([value, label]) => ({ value, label }))

/** « Ajouter un document »: the file, its kind, and the upload with its progress bar. */
export function UploadModal({ target, opened, onClose }: { target: DocumentTarget; opened: boolean; onClose: () => void }) {
  return (
    <Modal opened={opened} onClose={onClose} title="Ajouter un document" closeButtonProps={{ 'aria-label': 'Fermer' }}>
      {opened && <UploadForm target={target} onDone={onClose} />}
    </Modal>
  )
}

function UploadForm({ target, onDone }: { target: DocumentTarget; onDone: () => void }) {
  const refresh = useRefreshAfter('post /documents')
  const [file, setFile] = useState<File | null>(null)
  const [kind, setKind] = useState<DocumentKind>('OTHER')
  const [progress, setProgress] = useState<UploadProgress | null>(null)
  // Refused here before sending (type, size) or by the API after.
  const [error, setError] = useState<{ title: string; message: string } | null>(null)
  const picked = useRef<File | null>(null)
  const [missing, setMissing] = useState(false)
  const sending = progress !== null
  const percent = progress && progress.total > 0 ? Math.round((progress.loaded / progress.total) * 100) : 0

  const submit = async (e: React.FormEvent) => {
    e.preventDefault()
    if (!file) { setMissing(true); return }
    const refusal = await refusalOf(file)
    if (refusal) { setError({ title: 'Fichier refusé', message: refusal }); return }
    setError(null)
    setProgress({ loaded: 0, total: file.size })
    const fields: Record<string, string> = { kind, ...target }
    try {
      const doc = await uploadWithProgress<Document>('/documents', fields, file, setProgress)
      await refresh()
      notifications.show({ color: 'green', message: `« ${doc.fileName} » ajouté.` })
      onDone()
    } catch (err) {
      setError({ title: 'Envoi refusé', message: errorMessage(err) })
      setProgress(null)
    }
  }

  // Said as soon as the file is picked (unless another one has been picked since).
  const pick = (f: File | null) => {
    picked.current = f
    setFile(f)
    setMissing(false)
    setError(null)
    if (f) void refusalOf(f).then((refusal) => { if (refusal && picked.current === f) setError({ title: 'Fichier refusé', message: refusal }) })
  }

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <FileInput label="Fichier" description="PDF, JPG ou PNG, 20 Mo au plus." placeholder="Choisir un fichier" accept={ACCEPTED_FILES}
          required clearable value={file} disabled={sending} data-autofocus
          clearButtonProps={{ 'aria-label': 'Retirer le fichier' }}
          onChange={pick}
          error={missing ? 'Choisissez un fichier.' : undefined} />
        {file && <Text size="xs" c="dimmed">{formatSize(file.size)}</Text>}
        <Select label="Type de document" data={KINDS} value={kind} allowDeselect={false} disabled={sending}
          onChange={(v) => v && setKind(v as DocumentKind)} comboboxProps={{ withinPortal: true }} />
        {sending && (
          <Stack gap={4}>
            <Progress value={percent} animated={percent < 100} aria-label="Progression de l’envoi" />
            <Text size="xs" c="dimmed" aria-live="polite">{percent < 100 ? `Envoi… ${percent} %` : 'Enregistrement…'}</Text>
          </Stack>
        )}
        {error && <Alert color="red" icon={<IconAlertTriangle />} title={error.title} role="alert">{error.message}</Alert>}
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone} disabled={sending}>Annuler</Button>
          <Button type="submit" loading={sending} leftSection={<IconUpload size={16} />}>Envoyer</Button>
        </Group>
      </Stack>
    </form>
  )
}
