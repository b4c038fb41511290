import { List, named, Out, Text, Type } from './schema-kit.ts'

export const ErrorResponse = named('ErrorResponse', Out({
  error: Out({
    code: Text(64, { pattern: '^[A-Z_]+$', description: 'Stable machine code, e.g. VALIDATION_ERROR, NOT_FOUND, EMAIL_TAKEN.' }),
    message: Text(1000, { description: 'Readable message (French).' }),
    details: Type.Optional(List(Out({ field: Text(200), message: Text(500) }), 50, { description: 'Field errors of VALIDATION_ERROR and similar 400s.' })),
  }),
  requestId: Text(64, { description: 'Also written in the service log.' }),
}))
