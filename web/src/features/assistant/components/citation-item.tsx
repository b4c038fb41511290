import { Anchor, Badge, Box, Button, Collapse, Group, Stack, Text, VisuallyHidden } from '@mantine/core'
import { useDisclosure } from '@mantine/hooks'
import { notifications } from '@mantine/notifications'
import { IconChevronDown, IconClipboardText, IconExternalLink, IconFileText } from '@tabler/icons-react'
import { useId, useState } from 'react'
import { Link } from 'react-router'
import { paths } from '@/config/paths'
import { errorMessage } from '@/lib/api/errors'
import { openDocument } from '@/lib/api/files'
import { citationKindLabel, type Citation } from '../labels'
import { Excerpt } from './excerpt'

/**
 * One source of an answer: a document's page (opens the PDF at that page) or a closed order's
 * report (opens the order), and the excerpt, marked where the answer took its sentences.
 */
export function CitationItem({ citation, sentences, initiallyOpen }: { citation: Citation; sentences: string[]; initiallyOpen: boolean }) {
  const [open, { toggle }] = useDisclosure(initiallyOpen)
  const excerptId = useId()
  return (
    <Box component="li" py="sm" style={{ borderTop: '1px solid var(--mantine-color-gray-2)' }}>
      <Stack gap="xs">
        {citation.kind === 'DOCUMENT' ? <DocumentSource citation={citation} /> : <ReportSource citation={citation} />}
        <div>
          <Button variant="subtle" size="compact-sm" px={4} onClick={toggle} aria-expanded={open} aria-controls={excerptId}
            rightSection={<IconChevronDown size={14} aria-hidden style={{ transform: open ? 'rotate(180deg)' : undefined, transition: 'transform 150ms' }} />}>
            {open ? 'Masquer l’extrait' : 'Voir l’extrait'}
          </Button>
        </div>
        <Collapse expanded={open}>
          <Excerpt id={excerptId} text={citation.excerpt} sentences={sentences} />
        </Collapse>
      </Stack>
    </Box>
  )
}

function DocumentSource({ citation }: { citation: Citation }) {
  const [opening, setOpening] = useState(false)
  const page = citation.page
  const name = citation.fileName ?? citationKindLabel.DOCUMENT
  const open = async () => {
    if (!citation.documentId) return
    setOpening(true)
    try { await openDocument(citation.documentId, page) }
    catch (e) { notifications.show({ color: 'red', title: 'Ouverture impossible', message: errorMessage(e) }) }
    finally { setOpening(false) }
  }
  return (
    <Group justify="space-between" align="center" gap="xs">
      <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 14rem', minWidth: 0 }}>
        <IconFileText size={22} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} color="var(--mantine-color-gray-7)" />
        <div style={{ minWidth: 0 }}>
          <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>{name}</Text>
          <Group gap={6}>
            {page && <Badge variant="light" color="blue">page {page}</Badge>}
            {citation.assetReference && <Text size="xs" c="dimmed">{citation.assetReference}</Text>}
          </Group>
        </div>
      </Group>
      {citation.documentId && (
        <Button variant="light" mih={44} loading={opening} onClick={open} leftSection={<IconExternalLink size={16} aria-hidden />}>
          {page ? `Ouvrir à la page ${page}` : 'Ouvrir'}
          <VisuallyHidden> — {name}</VisuallyHidden>
        </Button>
      )}
    </Group>
  )
}

function ReportSource({ citation }: { citation: Citation }) {
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start">
      <IconClipboardText size={22} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} color="var(--mantine-color-gray-7)" />
      <div style={{ minWidth: 0 }}>
        <Text size="sm">
          {citationKindLabel.REPORT}{' '}
          {citation.workOrderId
            ? <Anchor component={Link} to={paths.workOrder(citation.workOrderId)} fw={600} c="blue.9">{citation.workOrderReference}</Anchor>
            : <Text span fw={600}>{citation.workOrderReference}</Text>}
        </Text>
        {citation.assetReference && <Text size="xs" c="dimmed">{citation.assetReference}</Text>}
      </div>
    </Group>
  )
}
