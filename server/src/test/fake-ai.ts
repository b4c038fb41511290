// Small OpenAI-compatible services for tests, on the loopback: never a real one (and the
// network is closed anyway). A handler sees the request as the service would.
import { once } from 'node:events'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import type { TestContext } from 'node:test'

export type FakeHandler = (req: http.IncomingMessage, res: http.ServerResponse) => void

/** Starts a service on 127.0.0.1, closed after the test; its base URL ends in /v1 like the real ones. */
export async function fakeAiService(t: Pick<TestContext, 'after'>, handler: FakeHandler): Promise<string> {
  const server = http.createServer(handler)
  server.listen(0, '127.0.0.1')
  await once(server, 'listening')
  t.after(() => { server.closeAllConnections(); server.close() })
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`
}

/** A port nothing listens on: a service that refuses connections. */
export async function closedPort(): Promise<number> {
  const server = http.createServer().listen(0, '127.0.0.1')
  await once(server, 'listening')
  const { port } = server.address() as AddressInfo
  await new Promise((resolve) => server.close(resolve))
  return port
}

export async function bodyOf(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const c of req) chunks.push(c as Buffer)
  return Buffer.concat(chunks)
}

/** A multipart request body as a real parser (fetch's) reads it. */
export async function formOf(req: http.IncomingMessage, body: Buffer): Promise<FormData> {
  return new Response(body, { headers: { 'content-type': req.headers['content-type']! } }).formData()
}

export function sendJson(res: http.ServerResponse, status: number, value: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value))
}

/** A chat-completions service answering `answer(messages)` (a fixed text, or built from the prompt). */
export const chatService = (answer: string | ((messages: { role: string; content: string }[]) => string)): FakeHandler => async (req, res) => {
  const { messages } = JSON.parse((await bodyOf(req)).toString())
  sendJson(res, 200, { choices: [{ index: 0, message: { role: 'assistant', content: typeof answer === 'string' ? answer : answer(messages) } }] })
}

/** A transcription service that reads the whole upload and answers `text`. */
export const transcriptionService = (text: string): FakeHandler => async (req, res) => {
  await bodyOf(req)
  sendJson(res, 200, { text })
}
