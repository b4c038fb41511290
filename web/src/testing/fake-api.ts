// The API answered in Vitest, for hooks that call it. jsdom has no fetch of its own, and
// openapi-fetch takes `fetch` and `Request` once, when the client is created: import this module
// before anything that imports lib/api/client (Request is given the page's origin, since the
// client's addresses are relative, `/api/...`).
type Handler = (url: URL, request: Request) => Response | Promise<Response>

/** Every call made, as « GET /api/path?query ». */
export const calls: string[] = []
let handler: Handler = () => new Response(null, { status: 404 })

export function serve(next: Handler): void {
  handler = next
  calls.length = 0
}

export const json = (body: unknown, init: { status?: number; headers?: Record<string, string> } = {}) =>
  new Response(JSON.stringify(body), { status: init.status ?? 200, headers: { 'content-type': 'application/json', ...init.headers } })

const NodeRequest = globalThis.Request
globalThis.Request = class extends NodeRequest {
  constructor(input: RequestInfo | URL, init?: RequestInit) {
    super(typeof input === 'string' && input.startsWith('/') ? new URL(input, location.origin) : input, init)
  }
}
globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
  const request = input instanceof Request ? input : new Request(input, init)
  const url = new URL(request.url)
  calls.push(`${request.method} ${url.pathname}${url.search}`)
  return handler(url, request)
}
