import { named, Out, Type } from './schema-kit.ts'

export const ErrorResponse = named('ErrorResponse', Out({
  error: Out({
    code: Type.String({ description: 'Stable machine code, e.g. VALIDATION_ERROR, NOT_FOUND, EMAIL_TAKEN.' }),
    message: Type.String({ description: 'Readable message (French).' }),
    details: Type.Optional(Type.Array(Type.Object({}, { additionalProperties: true }), { description: 'Field errors for VALIDATION_ERROR: { field, message }.' })),
  }),
  requestId: Type.String({ description: 'Also written in the service log.' }),
}))
