// Optional parts of the service that only the server knows are on: it names them in the
// `X-Palier-Features` header of getMe's answers (a comma-separated list, absent when none is
// on). MeResponse's fields are fixed by the spec, hence a header rather than a field.
export interface Features {
  /** transcribeAudio answers (DICTATION_URL configured): the report form offers « Dicter ». */
  dictation: boolean
}

export const FEATURES_HEADER = 'x-palier-features'
export const NO_FEATURES: Features = { dictation: false }

export function readFeatures(headers: Pick<Headers, 'get'>): Features {
  const names = (headers.get(FEATURES_HEADER) ?? '').split(',').map((n) => n.trim().toLowerCase())
  return { dictation: names.includes('dictation') }
}
