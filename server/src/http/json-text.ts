// An answer already serialised by the store: sent as it is, without the response schema's
// serialiser. Only for text built to that schema (a test per use compares it with the
// schema's own answer); the type parameter ties the text to the schema it stands for.
export class JsonText<T> {
  declare readonly answerType?: T
  readonly text: string
  constructor(text: string) { this.text = text }
}

/** `{"<key>":[row,row…]}` from rows that are each one JSON value as text. */
export function jsonListText<T>(key: string, rows: readonly string[]): JsonText<T> {
  return new JsonText<T>(`{${JSON.stringify(key)}:[${rows.join(',')}]}`)
}
