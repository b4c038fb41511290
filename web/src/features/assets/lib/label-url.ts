// What a QR label encodes: the portal page of the elevator at PUBLIC_URL, where anyone who
// scans it can report a fault without an account.
import { paths } from '@/config/paths'

export function portalUrl(publicUrl: string, reference: string): string {
  return publicUrl.replace(/\/+$/, '') + paths.portal(reference)
}

/** An SVG as an <img> source: a data URL, which the page's CSP allows (img-src data:). */
export function svgDataUrl(svg: string): string {
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}

/** The URL as printed under the code for whoever cannot scan it (no scheme: shorter to type). */
export function printedUrl(url: string): string {
  return url.replace(/^https?:\/\//, '')
}
