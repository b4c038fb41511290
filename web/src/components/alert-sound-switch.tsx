import { Switch } from '@mantine/core'
import { useState } from 'react'
import { alertSoundOn, setAlertSound } from '@/lib/alerts'

/** « Son des alertes »: the beep of a new trapped person or a new order, on unless turned off
 * (kept on this device). Turning it on plays it once, so the person hears what to expect. */
export function AlertSoundSwitch() {
  const [on, setOn] = useState(alertSoundOn)
  return (
    <Switch label="Son des alertes" checked={on} size="md"
      onChange={(e) => { const v = e.currentTarget.checked; setOn(v); setAlertSound(v) }} />
  )
}
