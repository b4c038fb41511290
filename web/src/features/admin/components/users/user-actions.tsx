import { ActionIcon, Menu, Text } from '@mantine/core'
import { modals } from '@mantine/modals'
import { notifications } from '@mantine/notifications'
import { IconDots, IconKey, IconPencil, IconSend, IconUserCheck, IconUserOff } from '@tabler/icons-react'
import type { Schemas } from '@/lib/api/client'
import { useMe } from '@/lib/auth/use-me'
import { useResendInvitation, useUpdateUser } from '../../api/users'
import type { IssuedLink } from './activation-link'
import { de } from '@/lib/french'

type User = Schemas['UserAdmin']

/** The actions on one person, each offered only with its right; the API still decides (last
 * administrator, roles above the caller's) and its refusal shows as a notification. */
export function UserActions({ user, onEdit, onInvitation }: {
  user: User
  onEdit: (u: User) => void
  onInvitation: (i: IssuedLink) => void
}) {
  const { me, can } = useMe()
  const update = useUpdateUser()
  const resend = useResendInvitation()
  const canEdit = can('PEOPLE_TEAMS', 'edit')
  const canResend = can('PEOPLE_TEAMS', 'create') && user.status === 'invited'
  const isSelf = me?.id === user.id
  if (!canEdit && !canResend) return null

  function setActive(isActive: boolean) {
    update.mutate({ params: { path: { id: user.id } }, body: { isActive } }, {
      onSuccess: (u) => notifications.show({ color: 'green', message: `Compte ${de(u.displayName)} ${isActive ? 'réactivé' : 'désactivé'}.` }),
    })
  }
  const confirmDisable = () => modals.openConfirmModal({
    title: `Désactiver le compte ${de(user.displayName)} ?`,
    children: <Text size="sm">La personne ne pourra plus se connecter et ses sessions ouvertes s’arrêtent aussitôt. Vous pourrez réactiver le compte.</Text>,
    labels: { confirm: 'Désactiver', cancel: 'Annuler' }, confirmProps: { color: 'red' },
    closeButtonProps: { 'aria-label': 'Fermer' }, onConfirm: () => setActive(false),
  })
  const confirmReset = () => modals.openConfirmModal({
    title: `Réinitialiser le mot de passe ${de(user.displayName)} ?`,
    children: <Text size="sm">Son mot de passe actuel cesse de fonctionner et ses sessions ouvertes s’arrêtent aussitôt. Un lien à usage unique, valable 7 jours, lui permettra d’en choisir un nouveau.</Text>,
    labels: { confirm: 'Réinitialiser', cancel: 'Annuler' }, confirmProps: { color: 'red' }, closeButtonProps: { 'aria-label': 'Fermer' },
    onConfirm: () => update.mutate({ params: { path: { id: user.id } }, body: { resetPassword: true } }, {
      onSuccess: (u) => { if (u.passwordReset) onInvitation({ user: u, ...u.passwordReset, reset: true }) },
    }),
  })
  const confirmResend = () => modals.openConfirmModal({
    title: `Nouveau lien pour ${user.displayName} ?`,
    children: <Text size="sm">Un nouveau lien d’activation, valable 7 jours, remplace le précédent, qui cesse de fonctionner.</Text>,
    labels: { confirm: 'Créer le lien', cancel: 'Annuler' }, closeButtonProps: { 'aria-label': 'Fermer' },
    onConfirm: () => resend.mutate({ params: { path: { id: user.id } } }, { onSuccess: onInvitation }),
  })

  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon variant="subtle" size="lg" aria-label={`Actions pour ${user.displayName}`} loading={update.isPending || resend.isPending}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        {canEdit && <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => onEdit(user)}>Modifier</Menu.Item>}
        {canResend && <Menu.Item leftSection={<IconSend size={16} />} onClick={confirmResend}>Renvoyer l’invitation</Menu.Item>}
        {canEdit && !isSelf && user.status === 'active' && <Menu.Item leftSection={<IconKey size={16} />} onClick={confirmReset}>Réinitialiser le mot de passe</Menu.Item>}
        {canEdit && !isSelf && (user.status === 'disabled'
          ? <Menu.Item leftSection={<IconUserCheck size={16} />} onClick={() => setActive(true)}>Réactiver le compte</Menu.Item>
          : <Menu.Item leftSection={<IconUserOff size={16} />} color="red" onClick={confirmDisable}>Désactiver le compte</Menu.Item>)}
      </Menu.Dropdown>
    </Menu>
  )
}
