// Builds the OpenAPI 3.1 contract from the declared routes. Schemas given a name with
// `named()` become components; everything else is inlined. Deterministic: the same code
// always yields the same bytes, so CI can compare it with the committed file.
import { ErrorResponse } from '../http/common.schemas.ts'
import { schemaName } from '../http/schema-kit.ts'
import { errorStatuses, type Route } from '../http/route.ts'
import { IDEMPOTENCY_DOC } from '../http/idempotency.ts'

const ERROR_TEXT: Record<number, string> = {
  400: 'Invalid input (the field is named in error.details)',
  401: 'Missing, invalid or expired token',
  403: 'The caller’s role may not perform this operation',
  404: 'Unknown, or outside the caller’s scope',
  409: 'Conflict with the current state',
  413: 'The file is larger than the operation allows',
  414: 'A path parameter is longer than any valid one',
  415: 'The body is not of the content type the operation takes',
  422: 'The Idempotency-Key was already used for another request',
  429: 'Too many requests; retry after the Retry-After delay',
  500: 'Unexpected error (logged with the request id)',
  503: 'A dependency is unavailable',
}

const SUCCESS_TEXT: Record<number, string> = { 200: 'OK', 201: 'Created', 204: 'No content' }

type Json = Record<string, unknown>

const seconds = { type: 'integer', format: 'int32', minimum: 0, maximum: 86400 }
const RATE_HEADERS = {
  'RateLimit-Limit': { description: 'Requests allowed in the current window', schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 1000000 } },
  'RateLimit-Remaining': { description: 'Requests left in the current window', schema: { type: 'integer', format: 'int32', minimum: 0, maximum: 1000000 } },
  'RateLimit-Reset': { description: 'Seconds until the window resets', schema: seconds },
}

const LINK_HEADER = {
  Link: {
    description: 'RFC 8288 link to the next page, `<…?cursor=…&limit=…>; rel="next"`; absent on the last page.',
    schema: { type: 'string', maxLength: 1000, pattern: '^<[^>]+>; rel="next"$' },
  },
}

// Conditional reads (http/etag.ts): the ETag of every JSON answer of a read, and its 304.
const ETAG_HEADERS = {
  ETag: { description: 'Strong validator of this answer (a hash of its body); send it back in If-None-Match to get 304 when unchanged.', schema: { type: 'string', maxLength: 100, pattern: '^"[A-Za-z0-9_-]+"$' } },
  'Cache-Control': { description: '`private, no-cache`: the browser may keep the answer for this person only and must revalidate it.', schema: { type: 'string', maxLength: 100, enum: ['private, no-cache'] } },
}
const IF_NONE_MATCH = {
  name: 'If-None-Match', in: 'header', required: false,
  description: 'ETag(s) of an answer already held: the read answers 304 without a body when its answer is still that one.',
  schema: { type: 'string', maxLength: 1000, pattern: '^[\x21-\x7E][\x20-\x7E]*$' },
}

const DOWNLOAD_HEADERS = {
  'Content-Disposition': { description: 'attachment, with the original file name (RFC 6266)', schema: { type: 'string', maxLength: 1000, pattern: '^attachment; ' } },
}

/** A file's bytes in a body (OpenAPI 3.1: a binary string). */
const binary = (maxBytes: number) => ({ type: 'string', format: 'binary', contentMediaType: 'application/octet-stream', maxLength: maxBytes })

/** The multipart body of an upload: the `file` part, then the route's text fields. */
function uploadSchema(c: ComponentCollector, upload: NonNullable<Route['upload']>) {
  const fields = (upload.fields ?? { properties: {}, required: [] }) as { properties?: Record<string, object>; required?: string[] }
  return {
    type: 'object',
    additionalProperties: false,
    required: ['file', ...(fields.required ?? [])],
    properties: {
      file: { ...binary(upload.maxBytes), description: `The file, at most ${upload.maxBytes} bytes.` },
      ...Object.fromEntries(Object.entries(fields.properties ?? {}).map(([k, v]) => [k, c.ref(v)])),
    },
  }
}

class ComponentCollector {
  readonly schemas: Record<string, unknown> = {}
  readonly #seen = new Map<string, object>()

  /** A schema for the document: named parts become $refs, registered once. */
  ref(schema: object): unknown {
    const name = schemaName(schema)
    if (!name) return this.#inline(schema)
    const known = this.#seen.get(name)
    if (known && known !== schema) throw new Error(`two different schemas are named ${name}`)
    if (!known) {
      this.#seen.set(name, schema)
      this.schemas[name] = this.#inline(schema)
    }
    return { $ref: `#/components/schemas/${name}` }
  }

  #inline(schema: object): unknown {
    if (Array.isArray(schema)) return schema.map((s) => (s && typeof s === 'object' ? this.ref(s) : s))
    const out: Json = {}
    for (const [k, v] of Object.entries(schema)) {
      if (k === 'properties' && v && typeof v === 'object') {
        out[k] = Object.fromEntries(Object.entries(v).map(([p, s]) => [p, this.ref(s as object)]))
      } else if (v && typeof v === 'object' && !(k === 'enum' || k === 'required' || k === 'examples' || k === 'default' || k === 'const')) {
        out[k] = this.ref(v as object)
      } else {
        out[k] = v
      }
    }
    return out
  }
}

function parameters(c: ComponentCollector, schema: unknown, where: 'path' | 'query') {
  if (!schema) return []
  const s = schema as { properties?: Record<string, Json>; required?: string[] }
  return Object.entries(s.properties ?? {}).map(([name, prop]) => {
    const { description, ...rest } = prop
    return {
      name,
      in: where,
      required: where === 'path' || (s.required ?? []).includes(name),
      ...(description ? { description } : {}),
      schema: c.ref(rest),
    }
  })
}

export function buildOpenApi(routes: Route[], info: { version: string }) {
  const c = new ComponentCollector()
  c.ref(ErrorResponse)
  const paths: Record<string, Record<string, unknown>> = {}
  const sorted = [...routes].sort((a, b) => a.url.localeCompare(b.url) || a.method.localeCompare(b.method))
  for (const r of sorted) {
    const path = r.url.replace(/:([A-Za-z]+)/g, '{$1}')
    const responses: Json = {}
    const revalidated = r.method === 'GET' && !r.download
    responses[String(r.success.status)] = {
      description: SUCCESS_TEXT[r.success.status] ?? 'Success',
      headers: r.download ? { ...RATE_HEADERS, ...DOWNLOAD_HEADERS } : {
        ...RATE_HEADERS, ...(r.paginated ? LINK_HEADER : {}), ...(revalidated ? ETAG_HEADERS : {}),
      },
      ...(r.download
        ? { content: Object.fromEntries(r.download.contentTypes.map((type) => [type, { schema: binary(r.download!.maxBytes) }])) }
        : r.success.schema ? { content: { 'application/json': { schema: c.ref(r.success.schema) } } } : {}),
    }
    if (revalidated) {
      responses['304'] = { description: 'Not modified: If-None-Match names the ETag of the answer, which is not sent again', headers: { ...RATE_HEADERS, ETag: ETAG_HEADERS.ETag } }
    }
    for (const s of errorStatuses(r)) {
      responses[String(s)] = {
        description: ERROR_TEXT[s] ?? 'Error',
        ...(s === 429 ? { headers: { ...RATE_HEADERS, 'Retry-After': { description: 'Seconds to wait', schema: seconds } } } : s < 500 ? { headers: RATE_HEADERS } : {}),
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
      }
    }
    const params = [
      ...parameters(c, r.params, 'path'), ...parameters(c, r.querystring, 'query'),
      ...(revalidated ? [IF_NONE_MATCH] : []),
      ...(r.idempotent ? [{ name: 'Idempotency-Key', in: 'header', required: false, description: IDEMPOTENCY_DOC, schema: { type: 'string', minLength: 1, maxLength: 255, pattern: '^[\x21-\x7E][\x20-\x7E]{0,254}$' } }] : []),
    ]
    ;(paths[path] ??= {})[r.method.toLowerCase()] = {
      operationId: r.operationId,
      summary: r.summary,
      ...(r.description ? { description: r.description } : {}),
      tags: [r.tag],
      security: r.access.kind === 'public' ? [] : [{ bearerAuth: [] }],
      ...(r.access.kind === 'permission' ? { 'x-permission': { category: r.access.category, action: r.access.action } } : {}),
      ...(r.access.kind === 'permission-any' ? { 'x-permission': { anyOf: r.access.categories, action: r.access.action } } : {}),
      ...(params.length ? { parameters: params } : {}),
      ...(r.body ? { requestBody: { required: true, content: { 'application/json': { schema: c.ref(r.body) } } } } : {}),
      ...(r.upload ? { requestBody: { required: true, content: { 'multipart/form-data': { schema: uploadSchema(c, r.upload) } } } } : {}),
      responses,
    }
  }
  const tags = [...new Set(sorted.map((r) => r.tag))].sort().map((name) => ({ name, description: `${name} operations` }))
  const schemas = Object.fromEntries(Object.entries(c.schemas).sort(([a], [b]) => a.localeCompare(b)))
  return {
    openapi: '3.1.0',
    info: {
      title: 'Palier API',
      version: info.version,
      description: 'Maintenance management for elevator fleets: work orders, requests, preventive maintenance, stock, documents and assistant.',
      license: { name: 'Proprietary', identifier: 'LicenseRef-Proprietary' },
      contact: { name: 'Palier' },
    },
    servers: [{ url: '/api', description: 'Production and local: the service itself, same origin as the web client', 'x-internal': false }],
    tags,
    security: [{ bearerAuth: [] }],
    paths,
    components: {
      securitySchemes: { bearerAuth: {
        type: 'http', scheme: 'bearer', bearerFormat: 'JWT',
        description: 'Access token from login, demoLogin or activateAccount: a JWT signed with HS256 only (alg none and other algorithms are refused), with iss, sub, iat and exp checked, following RFC8725 best practices. The account status and role are re-read at every request.',
      }, },
      schemas,
    },
  }
}
