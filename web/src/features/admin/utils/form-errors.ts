import { ApiError } from '@/lib/api/errors'

/** onError of a form's mutation: the API's field errors on the fields (renamed where the form
 * names a field differently, e.g. euros typed for `hourlyRateCents`). */
export function fieldErrorsTo(form: { setErrors: (e: Record<string, string>) => void }, rename: Record<string, string> = {}) {
  return (e: unknown) => {
    if (!(e instanceof ApiError)) return
    const errors: Record<string, string> = {}
    for (const [field, message] of Object.entries(e.fieldErrors())) errors[rename[field] ?? field] = message
    form.setErrors(errors)
  }
}
