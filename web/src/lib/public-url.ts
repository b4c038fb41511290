// The address printed on QR labels (PUBLIC_URL): the server writes it into a meta tag of the
// page (the CSP forbids inline script). Served by Vite in development, the tag keeps its
// placeholder: the page's own origin stands in.
export function publicUrl(doc: Document = document): string {
  const raw = doc.querySelector('meta[name="palier-public-url"]')?.getAttribute('content') ?? ''
  try {
    const url = new URL(raw)
    if (url.protocol === 'http:' || url.protocol === 'https:') return raw.replace(/\/+$/, '')
  } catch { /* the placeholder, or nothing */ }
  return doc.defaultView?.location.origin ?? window.location.origin
}
