// MCP deep_research starts count against the caller's client run quota, as POST /api/research
// does: past the limit the tool answers a rate_limited error result with retry_after_s.
import { env, introspectWorkflow } from 'cloudflare:test'
import { describe, expect, it, onTestFinished } from 'vitest'
import { connect } from '../mcp/helpers'
import { envWith } from './test-app'

describe('MCP deep_research and the client run quota', () => {
  it('refuses a start past CLIENT_RUN_LIMIT with rate_limited and the seconds to wait', async () => {
    const bindings = envWith(env, { CLIENT_RUN_LIMIT: '1', CLIENT_HASH_SECRET: 'mcp-quota-test' })
    const introspector = await introspectWorkflow(env.RESEARCH_WORKFLOW)
    onTestFinished(() => introspector.dispose())
    const client = await connect({ bindings })
    onTestFinished(() => client.close())
    const ask = (question: string) =>
      client.callTool({ name: 'deep_research', arguments: { question } })
    const first = await ask('How does vitamin D affect bone density?')
    expect(first.isError).toBeFalsy()
    const second = await ask('How does calcium affect bone density?')
    expect(second.isError).toBe(true)
    const error = (second.structuredContent as { error: { code: string; details: unknown } }).error
    expect(error.code).toBe('rate_limited')
    expect(error.details).toMatchObject({
      kind: 'run',
      limit: 1,
      retry_after_s: expect.any(Number),
    })
    const [instance] = await introspector.get()
    await instance?.waitForStatus('complete')
  })
})
