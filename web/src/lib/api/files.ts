// The file calls openapi-fetch cannot make as the screens need them: an upload that reports
// its progress (fetch has none, so XMLHttpRequest with the session's bearer token), and a
// download through the authorised route (a plain link cannot carry the Authorization header)
// either saved under the name the API offers (made safe by the server: the extension of the
// type recognised from its bytes, no invisible character) or opened in a new tab at a page.
import { session } from '../auth/session'
import { client } from './client'
import { ApiError } from './errors'
import { keptDocumentsChanged } from './kept-documents'

export interface UploadProgress { loaded: number; total: number }

/**
 * POSTs a multipart form to `/api<path>`: the text fields first (the API reads them before
 * the file part), then the file. Resolves with the parsed JSON answer; rejects with ApiError
 * carrying the API's French message (status 0 when the network failed).
 */
export function uploadWithProgress<T>(path: string, fields: Record<string, string>, file: File,
  onProgress?: (p: UploadProgress) => void): Promise<T> {
  const form = new FormData()
  for (const [key, value] of Object.entries(fields)) form.append(key, value)
  form.append('file', file, file.name)
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest()
    xhr.open('POST', `/api${path}`)
    const token = session.token()
    if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`)
    xhr.upload.onprogress = (e) => { if (e.lengthComputable) onProgress?.({ loaded: e.loaded, total: e.total }) }
    xhr.onload = () => {
      let body: unknown = null
      try { body = JSON.parse(xhr.responseText) } catch { /* no JSON body */ }
      if (xhr.status >= 200 && xhr.status < 300) { resolve(body as T); return }
      if (xhr.status === 401 && token) session.expire()
      reject(new ApiError(xhr.status, body as ConstructorParameters<typeof ApiError>[1]))
    }
    xhr.onerror = () => reject(new ApiError(0, null))
    xhr.send(form)
  })
}

/**
 * The name a download's Content-Disposition offers: its RFC 5987 UTF-8 form (`filename*`), else
 * the quoted ASCII one; null when the header names none.
 */
export function offeredName(header: string | null): string | null {
  if (!header) return null
  const extended = /filename\*\s*=\s*UTF-8''([^;\s]+)/i.exec(header)
  if (extended) {
    try { return decodeURIComponent(extended[1]) } catch { /* malformed: the plain name */ }
  }
  return /filename\s*=\s*"([^"]*)"/i.exec(header)?.[1] ?? null
}

/**
 * Fetches a document with the token, then saves it through a blob URL under the name the API
 * offers (never the listed name alone: a row stored before the server made names safe could
 * carry a misleading one); `fileName` only if the answer names none.
 */
export async function downloadDocument(id: string, fileName: string): Promise<void> {
  const { data, response } = await client.GET('/documents/{id}/download', { params: { path: { id } }, parseAs: 'blob' })
  if (!data) throw new ApiError(0, null)
  keptDocumentsChanged()
  const url = URL.createObjectURL(data as Blob)
  const a = document.createElement('a')
  a.href = url
  a.download = offeredName(response.headers.get('content-disposition')) ?? fileName
  a.rel = 'noopener'
  document.body.append(a)
  a.click()
  a.remove()
  // Revoked once the browser has started the download.
  setTimeout(() => URL.revokeObjectURL(url), 30_000)
}

/** How long an opened document's blob URL lives: long enough for the tab to load it. */
const OPENED_URL_TTL_MS = 5 * 60_000

function openInNewTab(href: string) {
  const a = document.createElement('a')
  a.href = href
  a.target = '_blank'
  a.rel = 'noopener'
  document.body.append(a)
  a.click()
  a.remove()
}

/**
 * Fetches a document with the token and opens it in a new tab at `page` (the browser's PDF
 * viewer reads `#page=N`). The tab is opened at once, during the tap (a tab opened after an
 * await may be blocked as a pop-up), then sent to the blob URL; closed again if the fetch fails.
 */
export async function openDocument(id: string, page?: number | null): Promise<void> {
  const tab = window.open('', '_blank')
  try {
    const { data } = await client.GET('/documents/{id}/download', { params: { path: { id } }, parseAs: 'blob' })
    if (!data) throw new ApiError(0, null)
    keptDocumentsChanged()
    const url = URL.createObjectURL(data as Blob)
    const target = page ? `${url}#page=${page}` : url
    if (tab) tab.location.href = target
    else openInNewTab(target)
    setTimeout(() => URL.revokeObjectURL(url), OPENED_URL_TTL_MS)
  } catch (e) {
    tab?.close()
    throw e
  }
}
