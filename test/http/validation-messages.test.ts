// Validation errors say which field is wrong and how, not "Invalid request json".
import { describe, expect, it } from 'vitest'
import { ask } from '../answer/route-helpers'

async function messageOf(res: Response): Promise<string> {
  const body = (await res.json()) as { error: { code: string; message: string } }
  expect(body.error.code).toBe('validation_failed')
  return body.error.message
}

describe('validation error messages', () => {
  it('names an empty query', async () => {
    const res = await ask({ query: '   ' })
    expect(res.status).toBe(400)
    expect(await messageOf(res)).toBe('query: must not be empty')
  })

  it('names a missing query', async () => {
    expect(await messageOf(await ask({}))).toBe('query: is required')
  })

  it('names each bad field, nested ones by their path', async () => {
    const message = await messageOf(
      await ask({
        query: 'ok?',
        search_mode: 'everything',
        search_domain_filter: ['not a domain'],
      }),
    )
    expect(message).toMatch(/search_mode: /)
    expect(message).toMatch(/search_domain_filter\.0: not a domain/)
  })
})
