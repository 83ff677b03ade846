// The MCP tool deep_research: a question starts a run and returns its id (and a new session's
// token once); the id with that token returns the status and, when done, the cited report.
import { env, introspectWorkflow } from 'cloudflare:test'
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest'
import { seedCorpus } from '../answer/seeded-corpus'
import { connect, textOf } from '../mcp/helpers'
import { markersOf } from './helpers'

beforeAll(seedCorpus)

/** Starts a run through the tool and waits for its Workflow to finish; the client stays open. */
async function finishedRun(question: string) {
  const introspector = await introspectWorkflow(env.RESEARCH_WORKFLOW)
  onTestFinished(() => introspector.dispose())
  const client = await connect()
  onTestFinished(() => client.close())
  const started = await client.callTool({ name: 'deep_research', arguments: { question } })
  const [instance] = await introspector.get()
  await instance?.waitForStatus('complete')
  return { client, started }
}

describe('MCP deep_research', () => {
  it('starts a run, then returns its report once done', async () => {
    const { client, started } = await finishedRun(
      'How does vitamin D supplementation affect bone mineral density?',
    )
    expect(started.isError).toBeFalsy()
    const run = started.structuredContent as { research_id: string; session_token: string }
    expect(run.research_id).toMatch(/^[0-9a-f-]{36}$/)

    const read = await client.callTool({
      name: 'deep_research',
      arguments: { research_id: run.research_id, session_token: run.session_token },
    })
    expect(read.isError).toBeFalsy()
    const record = read.structuredContent as {
      status: string
      report: { markdown: string; sources: { number: number }[] }
    }
    expect(record.status).toBe('done')
    const numbers = new Set(record.report.sources.map((s) => s.number))
    for (const n of markersOf(record.report.markdown)) expect(numbers.has(n)).toBe(true)
    expect(textOf(read)).toContain('# Research report')
  })

  it('refuses to read a run without its session token', async () => {
    const { client, started } = await finishedRun('How does sleep affect memory consolidation?')
    const run = started.structuredContent as { research_id: string }
    const read = await client.callTool({
      name: 'deep_research',
      arguments: { research_id: run.research_id },
    })
    expect(read.isError).toBe(true)
    expect((read.structuredContent as { error: { code: string } }).error.code).toBe('unauthorized')
  })
})
