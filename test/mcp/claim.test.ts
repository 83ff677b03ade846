// The `check_claim` tool offline: the evidence map with verbatim rationale from the sources the
// search returned, the same in text and structuredContent (no session internals), an uncovered
// claim's empty map, progress, and a bad argument named.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ClaimCheckPayload } from '../../workers/answer'
import { CLAIM_RESULTS as results } from '../claims/fixtures'
import { connect, scriptAppSearch, textOf } from './helpers'

afterEach(() => vi.restoreAllMocks())

describe('check_claim', () => {
  it('returns the map with verbatim rationale, as text and as structuredContent', async () => {
    scriptAppSearch(results)
    const client = await connect()
    const progress: string[] = []
    const result = await client.callTool(
      {
        name: 'check_claim',
        arguments: { claim: 'Vitamin D supplementation reduces hip fractures' },
      },
      undefined,
      { onprogress: (p) => progress.push(p.message ?? '') },
    )
    expect(result.isError).toBeFalsy()
    const body = result.structuredContent as unknown as ClaimCheckPayload
    expect(body).toMatchObject({
      claim: 'Vitamin D supplementation reduces hip fractures',
      mode: 'offline',
      stance_estimated: true,
      stance_judge: 'rules',
    })
    expect(body).not.toHaveProperty('session_id')
    expect(body).not.toHaveProperty('token')
    expect(body.evidence.length).toBeGreaterThan(0)
    const text = textOf(result)
    expect(text).toContain('Claim: Vitamin D supplementation reduces hip fractures')
    expect(text).toContain('Stances estimated offline from wording')
    for (const item of body.evidence) {
      const returned = results.find((r) => r.url === item.source.url)
      expect(returned).toBeDefined()
      expect(text).toContain(`[${item.source.number}] ${item.source.title}`)
      for (const quote of item.rationale) {
        expect(returned?.snippet).toContain(quote.text)
        expect(text).toContain(`> ${quote.text}`)
      }
    }
    expect(progress.length).toBeGreaterThan(0)
    await client.close()
  })

  it('answers a claim the library does not cover with insufficient and no evidence', async () => {
    scriptAppSearch(results)
    const client = await connect()
    const result = await client.callTool({
      name: 'check_claim',
      arguments: { claim: 'Quantum tunnelling limits transistor gate leakage' },
    })
    const body = result.structuredContent as unknown as ClaimCheckPayload
    expect(body).toMatchObject({ verdict: 'insufficient', evidence: [], sources: [] })
    expect(textOf(result)).toContain('The sources found do not speak to this claim.')
    await client.close()
  })

  it('rejects a bad argument with a message naming it', async () => {
    const client = await connect()
    for (const [args, field] of [
      [{ claim: 'Vitamin D prevents fractures', search_mode: 'everything' }, 'search_mode'],
      [{ claim: '   ' }, 'claim'],
    ] as const) {
      const result = await client.callTool({ name: 'check_claim', arguments: args })
      expect(result.isError).toBe(true)
      expect(textOf(result)).toContain(field)
    }
    await client.close()
  })
})
