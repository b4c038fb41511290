// Answers' serializers (fast-json-stringify), compiled once per response schema for the whole
// process rather than once per app: fastify's own compiler builds them again for every app a
// process starts, about 180 ms of CPU each time (the test suites start one per test file, the
// fault suite's replicas and `npm run bench` several). Only the schema decides the code built
// (no shared schemas are added with addSchema, no serializer options are set), so two apps
// given the same schema object share its function.
import fastJsonStringify from 'fast-json-stringify'
import type { FastifySerializerCompiler } from 'fastify/types/schema.js'

const built = new WeakMap<object, (data: unknown) => string>()

export const serializerCompiler: FastifySerializerCompiler<unknown> = ({ schema }) => {
  const key = schema as object
  let serialize = built.get(key)
  if (!serialize) {
    serialize = fastJsonStringify(key as Parameters<typeof fastJsonStringify>[0]) as (data: unknown) => string
    built.set(key, serialize)
  }
  return serialize
}
