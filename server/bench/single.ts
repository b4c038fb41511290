// The measures of `npm run bench` that are not throughput: a read timed one request after the
// other (what a person waits for: p50, p95, p99), and one upload of the largest accepted file
// while the process's resident memory is sampled.
import http from 'node:http'
import { performance } from 'node:perf_hooks'

export interface Timing { n: number; p50: number; p95: number; p99: number; max: number; non2xx: number }

const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]

/**
 * `url` with one connection, one request after the other, for `seconds` (at least 20 requests,
 * at most 5,000), after 3 not counted. The client is fetch in this process: its cost, well under
 * a millisecond, is in the figures. With `bodies`, each request is a POST of the next one in
 * turn (JSON), so that a mix of questions is timed, not one answer over and over.
 */
export async function timeOneByOne(url: string, token: string | null, seconds: number, bodies?: unknown[], fanOut?: string[]): Promise<Timing> {
  let turn = 0
  const one = async (u: string) => {
    const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {}
    const body = bodies?.length ? JSON.stringify(bodies[turn++ % bodies.length]) : undefined
    if (body) headers['content-type'] = 'application/json'
    const res = await fetch(u, { method: body ? 'POST' : 'GET', headers, body })
    await res.arrayBuffer()
    return res.status === 200
  }
  // With `fanOut`, one sample is all of those reads at once, as a page that composes them
  // (the annual report: one read per elevator of the site) asks for them.
  const get = async () => {
    const t0 = performance.now()
    const ok = fanOut ? (await Promise.all(fanOut.map(one))).every(Boolean) : await one(url)
    return { ms: performance.now() - t0, ok }
  }
  for (let i = 0; i < 3; i++) await get()
  const ms: number[] = []
  let non2xx = 0
  const until = performance.now() + seconds * 1000
  while ((performance.now() < until || ms.length < 20) && ms.length < 5000) {
    const r = await get()
    ms.push(r.ms)
    if (!r.ok) non2xx++
  }
  ms.sort((a, b) => a - b)
  return { n: ms.length, p50: pct(ms, 0.5), p95: pct(ms, 0.95), p99: pct(ms, 0.99), max: ms.at(-1)!, non2xx }
}

export const UPLOAD_BYTES = 20 * 1024 * 1024

/**
 * One upload of 20 MB (a PDF header, then filler) on the elevator `assetId`, written over HTTP as
 * it goes (never built whole), while the RSS is sampled every 5 ms: the file is streamed to
 * storage, so the growth stays far below its size. The document is deleted afterwards (row and
 * file), leaving the database and the storage as they were.
 */
export async function measureUpload(base: string, token: string, assetId: string) {
  const boundary = `----palier-bench-${process.pid}`
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="assetId"\r\n\r\n${assetId}\r\n`
    + `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nMANUAL\r\n`
    + `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="notice-bench.pdf"\r\nContent-Type: application/pdf\r\n\r\n`)
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`)
  const chunk = Buffer.alloc(64 * 1024, 0x20)
  const start = process.memoryUsage().rss
  let peak = start
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss) }, 5)
  const t0 = performance.now()
  const answer = await new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = http.request(`${base}/api/documents`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': head.length + UPLOAD_BYTES + tail.length },
    }, (res) => { let body = ''; res.on('data', (d) => { body += d }); res.on('end', () => resolve({ status: res.statusCode!, body })) })
    req.on('error', reject)
    const header = Buffer.from('%PDF-1.7\n')
    let left = UPLOAD_BYTES - header.length
    req.write(head)
    req.write(header)
    const pump = () => {
      while (left > 0) {
        const part = left >= chunk.length ? chunk : chunk.subarray(0, left)
        left -= part.length
        if (!req.write(part)) return void req.once('drain', pump)
      }
      req.end(tail)
    }
    pump()
  })
  const ms = performance.now() - t0
  clearInterval(sampler)
  peak = Math.max(peak, process.memoryUsage().rss)
  if (answer.status === 201) {
    const { id } = JSON.parse(answer.body) as { id: string }
    const del = await fetch(`${base}/api/documents/${id}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } })
    if (del.status !== 204) throw new Error(`deleting the bench's document answered ${del.status}`)
  }
  return { growthMb: (peak - start) / 1024 / 1024, ms, status: answer.status }
}
