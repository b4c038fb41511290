import { ERROR_CODE_LIST } from './error-codes.ts'
import { List, named, Out, StringEnum, Text, Type } from './schema-kit.ts'

export const ErrorResponse = named('ErrorResponse', Out({
  error: Out({
    code: StringEnum(ERROR_CODE_LIST, { description: 'Stable machine code; each has one HTTP status and one default message (server/src/http/error-codes.ts).' }),
    message: Text(1000, { description: 'Readable message (French).' }),
    details: Type.Optional(List(Out({ field: Text(200), message: Text(500) }), 50, { description: 'Field errors of VALIDATION_ERROR and similar 400s.' })),
  }),
  requestId: Text(64, { description: 'Also written in the service log.' }),
}))
