// Seed 004's per-role keys: Paper Brain's model uses LLM_API_KEY_DISCOVERY, falls back to the
// chat key LLM_API_KEY on a quota error, then throws QuotaExhaustedError; unset, it is the
// fast model on the chat keys (LLM_API_KEY, then LLM_API_KEY_FALLBACK).
import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { parseConfig } from '../../workers/config'
import { QuotaExhaustedError } from '../../workers/errors'
import { createDiscoveryModel, type AiRunner } from '../../workers/llm'
import { scriptFake } from '../fakes/fake-llm'

const ai = env.AI as unknown as AiRunner
const discoveryModel = (discoveryKey?: string) =>
  createDiscoveryModel(
    parseConfig({ ...env, ...(discoveryKey ? { LLM_API_KEY_DISCOVERY: discoveryKey } : {}) }),
    ai,
  )

async function ask(model: ReturnType<typeof discoveryModel>, marker: string) {
  return model?.complete({ messages: [{ role: 'user', content: marker }] })
}

describe('the discovery key', () => {
  it('asks with the discovery key first, on the fast model', async () => {
    const fake = await scriptFake([{ requireKey: 'discovery-key', reply: 'from discovery' }])
    expect((await ask(discoveryModel('discovery-key'), fake.marker))?.text).toBe('from discovery')
    const [request] = await fake.requests()
    expect(request?.body.model).toBe('fake-fast')
  })

  it('falls back to the chat key when the discovery key is out of quota', async () => {
    const fake = await scriptFake([
      { status: 429 },
      { requireKey: 'primary-key', reply: 'chat key' },
    ])
    expect((await ask(discoveryModel('discovery-key'), fake.marker))?.text).toBe('chat key')
    const keys = (await fake.requests()).map((r) => r.authorization)
    expect(keys).toEqual(['Bearer discovery-key', 'Bearer primary-key'])
  })

  it('throws QuotaExhaustedError when both are out of quota', async () => {
    const fake = await scriptFake([{ status: 429 }, { status: 429 }, { reply: 'unused' }])
    const error = await ask(discoveryModel('discovery-key'), fake.marker).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(QuotaExhaustedError)
    expect(await fake.requests()).toHaveLength(2)
  })

  it('uses the chat keys when no discovery key is set', async () => {
    const fake = await scriptFake([{ status: 429 }, { reply: 'fallback' }])
    expect((await ask(discoveryModel(), fake.marker))?.text).toBe('fallback')
    const keys = (await fake.requests()).map((r) => r.authorization)
    expect(keys).toEqual(['Bearer primary-key', 'Bearer fallback-key'])
  })
})
