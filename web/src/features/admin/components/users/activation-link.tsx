import { Alert, Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core'
import { IconCheck, IconCopy, IconMailCheck } from '@tabler/icons-react'
import type { Schemas } from '@/lib/api/client'
import { deBefore } from '@/lib/french'
import { formatDateTime } from '@/lib/dates'

/** What the link opens: a new account, or an account whose password was reset. */
export type IssuedLink = Schemas['InvitationResponse'] & { reset?: boolean }

/** The single-use link an invitation or a password reset returns, to pass on to the person (and only to them). */
export function ActivationLink({ invitation, onClose }: { invitation: IssuedLink; onClose: () => void }) {
  const { user, activationUrl, expiresAt, emailSent, reset } = invitation
  return (
    <Stack>
      <Text size="sm">
        {reset
          ? <>Le mot de passe {deBefore(user.displayName)}<b>{user.displayName}</b> est réinitialisé : l’ancien ne fonctionne plus et ses sessions sont fermées. La personne en choisira un nouveau avec ce lien.</>
          : <>Le compte {deBefore(user.displayName)}<b>{user.displayName}</b> ({user.role.name}) est prêt. Il s’ouvrira quand la personne aura choisi son mot de passe avec ce lien.</>}
      </Text>
      <TextInput label="Lien d’activation" value={activationUrl} readOnly onFocus={(e) => e.currentTarget.select()}
        description={`Valable jusqu’au ${formatDateTime(expiresAt)}, utilisable une seule fois.`} />
      <CopyButton value={activationUrl} timeout={4000}>
        {({ copied, copy }) => (
          <Button onClick={copy} color={copied ? 'green' : undefined} leftSection={copied ? <IconCheck size={18} /> : <IconCopy size={18} />}>
            {copied ? 'Lien copié' : 'Copier le lien'}
          </Button>
        )}
      </CopyButton>
      {emailSent
        ? <Alert color="green" icon={<IconMailCheck />}>Le lien a aussi été envoyé par e-mail à {user.email}.</Alert>
        : <Alert color="blue">Aucun e-mail n’est parti : transmettez ce lien vous-même à {user.displayName}, et à personne d’autre.</Alert>}
      <Group justify="flex-end"><Button variant="default" onClick={onClose}>Fermer</Button></Group>
    </Stack>
  )
}
