import { Button, Menu } from '@mantine/core'
import { notifications } from '@mantine/notifications'
import { IconChevronDown } from '@tabler/icons-react'
import { useUpdateAsset } from '../api/assets'
import { assetStatuses, assetStatusLabel, type AssetStatus } from '../labels'

/** Every move between the three statuses is allowed (a breakdown stops an elevator whatever
 * its state): the menu offers the two other ones. */
export function StatusMenu({ assetId, status }: { assetId: string; status: AssetStatus }) {
  const update = useUpdateAsset()
  const change = (next: AssetStatus) => update.mutate({ params: { path: { id: assetId } }, body: { status: next } }, {
    onSuccess: () => notifications.show({ color: 'green', message: `Statut : ${assetStatusLabel[next]}.` }),
  })
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button variant="default" rightSection={<IconChevronDown size={16} />} loading={update.isPending}>Changer le statut</Button>
      </Menu.Target>
      <Menu.Dropdown>
        {assetStatuses.filter((s) => s !== status).map((s) => (
          <Menu.Item key={s} onClick={() => change(s)}>{assetStatusLabel[s]}</Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  )
}
