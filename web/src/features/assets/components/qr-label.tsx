import { Skeleton } from '@mantine/core'
import { useQuery } from '@tanstack/react-query'
import QRCode from 'qrcode'
import { printedUrl, svgDataUrl } from '../lib/label-url'
import classes from './label-sheet.module.css'

import type { LabelData } from '../lib/label-data'

/** The code as an SVG image (a data URL: the CSP forbids inline script, not images). Error
 * correction M survives a scratch or a sticker corner peeling off. */
function useQrSvg(url: string) {
  return useQuery({
    queryKey: ['qr-svg', url],
    queryFn: async () => svgDataUrl(await QRCode.toString(url, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 })),
    staleTime: Infinity,
    gcTime: 5 * 60_000,
  })
}

export function QrLabel({ label }: { label: LabelData }) {
  const qr = useQrSvg(label.url)
  return (
    <figure className={classes.label} aria-label={`Étiquette ${label.reference}`} data-label={label.reference}>
      {qr.data
        ? <img className={classes.qr} src={qr.data} alt={`Code QR vers ${label.url}`} />
        : <Skeleton className={classes.qr} aria-label="Code QR en préparation" />}
      <figcaption>
        <div className={classes.reference}>{label.reference}</div>
        <div className={classes.line}>{label.title}</div>
        <div className={classes.line}>{label.place}</div>
        {label.address && <div className={classes.line}>{label.address}</div>}
        <div className={classes.call}>Une panne ? Scannez ce code pour la signaler.</div>
        <div className={classes.url}>{printedUrl(label.url)}</div>
      </figcaption>
    </figure>
  )
}

export function LabelSheet({ labels }: { labels: LabelData[] }) {
  return (
    <ul className={classes.sheet} data-label-sheet aria-label="Planche d’étiquettes">
      {labels.map((l) => <li className={classes.item} key={l.id}><QrLabel label={l} /></li>)}
    </ul>
  )
}
