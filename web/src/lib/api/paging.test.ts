import { describe, expect, it } from 'vitest'
import { nextCursor } from './paging'

describe('nextCursor', () => {
  it('reads the cursor of the next page from the Link header', () => {
    const res = new Response(null, { headers: { link: '</api/work-orders?status=OPEN&cursor=abc%3D&limit=50>; rel="next"' } })
    expect(nextCursor(res)).toBe('abc=')
  })
  it('says there is no next page without a Link header', () => {
    expect(nextCursor(new Response(null))).toBeNull()
  })
})
