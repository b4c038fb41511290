import { Button } from '@mantine/core'
import { IconBell, IconBellOff } from '@tabler/icons-react'
import { useState } from 'react'
import { alertSoundOn, setAlertSound } from '@/lib/alerts'

/** « Son des alertes »: the beep of a new trapped person or a new order, on unless turned off
 * (kept on this device). Turning it on plays it once, so the person hears what to expect.
 * A button in the switch role rather than Mantine's Switch: the dashboard's first load stays
 * within its weight (e2e/budgets.spec.ts). */
export function AlertSoundSwitch() {
  const [on, setOn] = useState(alertSoundOn)
  const Icon = on ? IconBell : IconBellOff
  return (
    <Button role="switch" aria-checked={on} variant={on ? 'light' : 'default'} size="compact-md" w="fit-content"
      leftSection={<Icon size={18} aria-hidden />} onClick={() => { setOn(!on); setAlertSound(!on) }}>
      Son des alertes
    </Button>
  )
}
