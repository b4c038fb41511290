// The fault suite's load: writer loops (comments, meter readings, stock movements, work-order
// transitions), each write carrying a tag of its own so that the store can be asked afterwards
// what became of it, and reader loops; every answer recorded as the client saw it.
import { jpeg } from '../modules/documents/documents.fixtures.ts'
import type { Cluster } from './cluster.ts'

export interface Outcome {
  kind: string
  /** The write's own mark (a comment's body, a reading's meter and value, a reason). */
  tag?: string
  at: number
  ms: number
  /** -1: no answer (cut off, refused, or past the client's 10 s timeout). */
  status: number
  code?: string
}

export interface Fixtures {
  commentOrders: string[]
  transitionOrders: string[]
  meters: { assetId: string; meterId: string }[]
  parts: string[]
}

export const failed = (o: Outcome) => o.status === -1 || o.status >= 500
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

let instances = 0

export class Load {
  /** Distinct per load, so that the tags of two scenarios never meet. */
  readonly #id = ++instances
  readonly outcomes: Outcome[] = []
  #running = false
  #loops: Promise<void>[] = []
  readonly base: string
  readonly token: string
  #seq = 0

  constructor(base: string, token: string) {
    this.base = base
    this.token = token
  }

  async call(kind: string, method: string, url: string, body?: unknown, tag?: string): Promise<{ status: number; body: any }> {
    const at = Date.now()
    let status = -1
    let parsed: any = null
    try {
      const form = body instanceof FormData
      const res = await fetch(`${this.base}/api${url}`, {
        method,
        headers: { authorization: `Bearer ${this.token}`, ...(body && !form ? { 'content-type': 'application/json' } : {}) },
        body: form ? body : body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(10_000),
      })
      const text = await res.text()
      status = res.status
      try { parsed = JSON.parse(text) } catch { parsed = text }
    } catch { status = -1 }
    // An upload's mark is the id of the document it created.
    if (kind === 'upload' && status === 201) tag = parsed.id
    this.outcomes.push({ kind, tag, at, ms: Date.now() - at, status, code: parsed?.error?.code })
    return { status, body: parsed }
  }

  /** Starts `writers` writer loops (the four kinds in turn) and `readers` reader loops. */
  start(fx: Fixtures, writers = 16, readers = 0) {
    this.#running = true
    for (let i = 0; i < writers; i++) this.#loops.push(this.#writer(i, fx))
    for (let i = 0; i < readers; i++) this.#loops.push(this.#reader(i, fx))
  }

  /** `n` loops uploading small photos of `assetId` (PHOTO documents). */
  startUploads(assetId: string, n: number) {
    this.#running = true
    for (let i = 0; i < n; i++) {
      this.#loops.push((async () => {
        while (this.#running) {
          const form = new FormData()
          form.append('kind', 'PHOTO')
          form.append('assetId', assetId)
          form.append('file', new Blob([jpeg(20_000)], { type: 'image/jpeg' }), 'cabine.jpg')
          await this.call('upload', 'POST', '/documents', form)
        }
      })())
    }
  }

  async stop() {
    this.#running = false
    await Promise.all(this.#loops)
    this.#loops = []
  }

  /** The outcomes from `from` on (Date.now() values). */
  since(from: number, until = Infinity) { return this.outcomes.filter((o) => o.at >= from && o.at < until) }

  async #writer(i: number, fx: Fixtures) {
    const slot = Math.floor(i / 4)
    const run = `${process.pid}-${this.#id}-${i}`
    if (i % 4 === 0) {
      const order = fx.commentOrders[slot % fx.commentOrders.length]
      while (this.#running) {
        const tag = `Commentaire ${run}-${++this.#seq} : porte palière vérifiée, galets remplacés.`
        await this.call('comment', 'POST', `/work-orders/${order}/comments`, { body: tag }, tag)
      }
    } else if (i % 4 === 1) {
      const { assetId, meterId } = fx.meters[slot % fx.meters.length]
      // Always up: a reading whose answer was lost may be stored, the next one is above it.
      let value = Date.now() * 10
      while (this.#running) {
        value += 1 + Math.floor(Math.random() * 5)
        await this.call('reading', 'POST', `/assets/${assetId}/meter-readings`, { meterId, value }, `${meterId}:${value}`)
      }
    } else if (i % 4 === 2) {
      const part = fx.parts[slot % fx.parts.length]
      while (this.#running) {
        const tag = `Entrée ${run}-${++this.#seq}`
        await this.call('stock', 'POST', `/parts/${part}/movements`, { kind: 'MANUAL', quantity: 1 + (this.#seq % 3), reason: tag }, tag)
      }
    } else {
      const order = fx.transitionOrders[slot % fx.transitionOrders.length]
      // Where the order stands (through the balancer, not recorded): its next move is the other state.
      const next = async () => {
        const now = await fetch(`${this.base}/api/work-orders/${order}`, { headers: { authorization: `Bearer ${this.token}` }, signal: AbortSignal.timeout(10_000) })
          .then((r) => (r.ok ? r.json() : null)).catch(() => null) as { status: string } | null
        return now?.status === 'IN_PROGRESS' ? 'ON_HOLD' : 'IN_PROGRESS'
      }
      let to = await next()
      while (this.#running) {
        const tag = `Transition ${run}-${++this.#seq}`
        const res = await this.call('transition', 'POST', `/work-orders/${order}/transition`, { to, reason: tag }, tag)
        if (res.status === 200) to = to === 'IN_PROGRESS' ? 'ON_HOLD' : 'IN_PROGRESS'
        else {
          // Unknown (cut off, 503: stored or not) or refused: ask again.
          await sleep(50)
          to = await next()
        }
      }
    }
  }

  async #reader(i: number, fx: Fixtures) {
    const urls = [`/work-orders/${fx.transitionOrders[0]}`, '/parts', '/locations', `/assets/${fx.meters[0].assetId}/meters`, '/work-orders?limit=20']
    for (let n = i; this.#running; n++) await this.call('read', 'GET', urls[n % urls.length])
  }
}

/** Work orders, elevators with their meters, and parts for the writers, made through the API. */
export async function makeFixtures(c: Cluster, load: Load): Promise<Fixtures> {
  const must = async (what: Promise<{ status: number; body: any }>) => {
    const res = await what
    if (res.status >= 300) throw new Error(`fixture: ${res.status} ${JSON.stringify(res.body)}`)
    return res.body
  }
  const order = async (assetId: string, n: number) =>
    (await must(load.call('fixture', 'POST', '/work-orders', { assetId, description: `Panne ${n} : la cabine s'arrête entre deux étages` }))).id as string
  const meters: Fixtures['meters'] = []
  for (let i = 0; i < 4; i++) {
    const asset = await must(load.call('fixture', 'POST', '/assets', { reference: `CHG-${i}`, brand: 'Schindler', categoryId: c.categoryId, locationId: c.locationId }))
    const list = await must(load.call('fixture', 'GET', `/assets/${asset.id}/meters`))
    meters.push({ assetId: asset.id, meterId: list.meters[0].id })
  }
  const commentOrders = [await order(c.fleet[0], 1), await order(c.fleet[1], 2)]
  const transitionOrders = [await order(c.fleet[2], 3), await order(c.fleet[3], 4), await order(c.fleet[4], 5), await order(c.fleet[5], 6)]
  const parts = [
    (await must(load.call('fixture', 'POST', '/parts', { designation: 'Galet de porte palière (pannes)' }))).id,
    (await must(load.call('fixture', 'POST', '/parts', { designation: 'Contacteur de frein (pannes)' }))).id,
  ]
  load.outcomes.length = 0
  return { commentOrders, transitionOrders, meters, parts }
}
