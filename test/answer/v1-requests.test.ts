// /v1/chat/completions request handling: unknown models get OpenAI's 404, invalid input names
// the field at fault.
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { app } from '../../workers/app'
import { completionRequest } from './v1-helpers'

describe('/v1/chat/completions request checks', () => {
  it("answers an unknown model with OpenAI's model_not_found 404", async () => {
    const res = await app.request(
      '/v1/chat/completions',
      completionRequest({ model: 'gpt-9', messages: [{ role: 'user', content: 'Hello there?' }] }),
      env,
    )
    expect(res.status).toBe(404)
    const body = (await res.json()) as { error: Record<string, unknown> }
    expect(body.error).toMatchObject({
      type: 'invalid_request_error',
      param: 'model',
      code: 'model_not_found',
    })
    expect(body.error.message).toMatch(/^The model `gpt-9` does not exist/)
  })

  it('names the field at fault in a validation error', async () => {
    const res = await app.request(
      '/v1/chat/completions',
      completionRequest({ model: 'sonar', messages: [] }),
      env,
    )
    expect(res.status).toBe(400)
    const body = (await res.json()) as { error: { message: string } }
    expect(body.error.message).toMatch(/^messages: /)
  })
})
