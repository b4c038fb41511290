// Serves the built web client (web/dist) at /: hashed assets cached for a year, every other
// GET outside /api answered with index.html (the client routes), all under a strict
// Content-Security-Policy: no inline script, no foreign origin.
import { existsSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyReply } from 'fastify'

// Mantine writes its CSS variables in <style> elements and style attributes: styles may be
// inline, scripts never. QR labels are SVG data URLs.
export const WEB_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ')

/** The headers of every page served on this origin (the token sits in its localStorage): the
 * client's and the API documentation's. */
export function pageHeaders(reply: FastifyReply) {
  reply.header('content-security-policy', WEB_CSP)
  reply.header('x-frame-options', 'DENY')
}

const escapeAttribute = (s: string) =>
  s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)

const PUBLIC_URL_META = /(<meta\s+name="palier-public-url"\s+content=")[^"]*(")/

/** The page with the public URL filled in its meta tag (the client prints it on QR labels and
 * may run no inline script to learn it), rendered once at start and kept in memory. Like the
 * built assets (registered at start), a new build is served after a restart. */
export async function renderIndex(file: string, publicUrl: string): Promise<string> {
  const html = await readFile(file, 'utf8')
  return html.replace(PUBLIC_URL_META, (_m, start: string, end: string) => start + escapeAttribute(publicUrl) + end)
}

/** False when the client is not built (the API runs alone). */
export async function registerWebClient(app: FastifyInstance, webDir: string, publicUrl: string): Promise<boolean> {
  const index = path.join(webDir, 'index.html')
  if (!existsSync(index)) return false
  const html = await renderIndex(index, publicUrl)
  await app.register(async (web) => {
    await web.register(fastifyStatic, {
      root: webDir,
      wildcard: false,
      index: false,
      serveDotFiles: false,
      // web/scripts/compress.ts writes .br and .gz beside each built asset.
      preCompressed: true,
      // @fastify/static 10 hands the reply here, not a raw response.
      setHeaders(reply: FastifyReply, filePath: string) {
        // Vite names built assets by their content hash: they never change under one name.
        const immutable = filePath.includes(`${path.sep}assets${path.sep}`)
        reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
        pageHeaders(reply)
      },
    })
    const page = (req: { url: string }, reply: FastifyReply) => {
      // A missing built file is a 404, not the page (a stale tab would run HTML as script).
      if (/^\/(api|assets)([/?]|$)/.test(req.url)) return reply.callNotFound()
      pageHeaders(reply)
      reply.header('cache-control', 'no-cache')
      return reply.type('text/html; charset=utf-8').send(html)
    }
    web.get('/', page)
    web.get('/*', page)
  })
  return true
}
