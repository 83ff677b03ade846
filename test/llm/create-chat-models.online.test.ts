import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { getConfig } from '../../workers/config'
import { createChatModels, type AiRunner } from '../../workers/llm'
import { scriptFake } from '../fakes/fake-llm'

describe('createChatModels in the online project', () => {
  it('points the configured models at the fake with the primary key', async () => {
    const models = createChatModels(getConfig(env), env.AI as unknown as AiRunner)
    expect(models?.main.model).toBe('fake-main')
    const fake = await scriptFake([{ reply: 'wired' }])
    const response = await models?.fast.complete({
      messages: [{ role: 'user', content: fake.marker }],
    })
    expect(response?.text).toBe('wired')
    const [request] = await fake.requests()
    expect(request).toMatchObject({
      authorization: 'Bearer primary-key',
      body: { model: 'fake-fast' },
    })
  })
})
