// Serves the built web client (web/dist) at /: hashed assets cached for a year, every other
// GET outside /api answered with index.html (the client routes), all under a strict
// Content-Security-Policy: no inline script, no foreign origin.
import { existsSync } from 'node:fs'
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

function pageHeaders(reply: FastifyReply) {
  reply.header('content-security-policy', WEB_CSP)
  reply.header('x-frame-options', 'DENY')
}

/** False when the client is not built (the API runs alone). */
export async function registerWebClient(app: FastifyInstance, webDir: string): Promise<boolean> {
  const index = path.join(webDir, 'index.html')
  if (!existsSync(index)) return false
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
      return reply.sendFile('index.html')
    }
    web.get('/', page)
    web.get('/*', page)
  })
  return true
}
