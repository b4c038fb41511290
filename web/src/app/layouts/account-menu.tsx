import { Menu } from '@mantine/core'
import { IconLogout } from '@tabler/icons-react'
import type { useMe } from '@/lib/auth/use-me'
import { AccountButton } from './account-button'

/** The account's menu: who is signed in, and sign-out (loaded lazily by the shell). */
export default function AccountMenu({ me, onSignOut, opened }: { me: ReturnType<typeof useMe>['me']; onSignOut: () => void; opened: boolean }) {
  // `opened`: it was loaded by a tap, which opens it at once.
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={opened}>
      <Menu.Target><AccountButton me={me} /></Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{me?.email}</Menu.Label>
        <Menu.Item leftSection={<IconLogout size={16} />} onClick={onSignOut}>Se déconnecter</Menu.Item>
      </Menu.Dropdown>
    </Menu>
  )
}
