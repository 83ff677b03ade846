// The open turn engine: a capability's turn specification — personas alternating in one run
// with a verdict hook, structured (JSON) output kept out of the chat history.
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import type { Verdict } from '../../workers/stream'
import { createTurnRunner, type PreparedTurn, type TurnAnswer } from '../../workers/turn'
import { aRun, memoryStore, testDeps, withSql } from './helpers'
import { scriptedModel, type ScriptedStep } from './scripted-model'

function depsWith(steps: ScriptedStep[]) {
  const model = scriptedModel(steps)
  return { model, deps: testDeps({ models: { main: model, fast: model } }) }
}

/** The test capability's own parser: the reviewer's last line says whether it agrees. */
function verdictOf(answer: TurnAnswer, round: number): Verdict {
  const agreement = /Agreement:\s*(AGREE|DISAGREE)/.exec(answer.text)?.[1] as
    Verdict['agreement'] | undefined
  return {
    speaker: 'pessimist',
    round,
    agreement: agreement ?? null,
    viability: null,
    validation: 'N/A',
    answer: null,
    conclusion: null,
    verification_reason: null,
  }
}

describe('turn specification', () => {
  it('runs two personas in one run, each seeing the other, with a verdict per step', async () => {
    await withSql(async (sql) => {
      const { deps, model } = depsWith([
        { text: ['Proposal: use a cohort design.'] },
        { text: ['The cohort is too small.\nAgreement: DISAGREE'] },
      ])
      const debate = createTurnRunner({
        tools: [],
        orchestrate: async (turn, runStep) => {
          const proposal = await runStep({ persona: 'You are the optimist.' })
          const review = await runStep({
            persona: 'You are the pessimist.',
            instruction: 'Review the proposal above.',
          })
          const verdict = verdictOf(review, 1)
          turn.emitter.emit({ turn_index: turn.blocks.open(), type: 'verdict', verdict })
          return { proposal: proposal.text, review: review.text, verdict }
        },
      })
      const run = aRun(memoryStore(sql), deps, { message: 'How should we test it?' })
      const outcome = await debate(run.context)

      const [first, second] = model.requests
      expect(first?.messages[0]?.content.startsWith('You are the optimist.')).toBe(true)
      expect(second?.messages[0]?.content.startsWith('You are the pessimist.')).toBe(true)
      expect(second?.messages.slice(1)).toEqual([
        { role: 'user', content: 'How should we test it?' },
        { role: 'assistant', content: 'Proposal: use a cohort design.' },
        { role: 'user', content: 'Review the proposal above.' },
      ])
      expect(outcome).toMatchObject({
        proposal: 'Proposal: use a cohort design.',
        verdict: { agreement: 'DISAGREE', validation: 'N/A' },
      })
      const last = run.packets.at(-1)
      expect(last?.type).toBe('verdict')
      const tokenBlocks = new Set(
        run.packets.filter((p) => p.type === 'token').map((p) => p.turn_index),
      )
      expect(tokenBlocks.size).toBe(2) // each persona's answer is its own rendered block
    })
  })

  it('parses a structured answer and keeps it out of the chat history', async () => {
    await withSql(async (sql) => {
      const reply = JSON.stringify({ message: 'Drafted.', document_content: '## Intro\nText.' })
      const { deps, model } = depsWith([{ text: [reply.slice(0, 20), reply.slice(20)] }])
      const schema = z.object({ message: z.string(), document_content: z.string() })
      let seen: unknown
      const write = createTurnRunner({
        tools: [],
        saveUserMessage: false,
        output: {
          kind: 'json',
          schema,
          jsonSchema: { name: 'draft', schema: z.toJSONSchema(schema) as Record<string, unknown> },
        },
        onAnswer: (answer) => {
          seen = answer.value
          return { drafted: true }
        },
      })
      const store = memoryStore(sql)
      const run = aRun(store, deps, { message: 'Write an introduction.' })
      expect(await write(run.context)).toEqual({ drafted: true })
      expect(seen).toEqual({ message: 'Drafted.', document_content: '## Intro\nText.' })
      expect(model.requests[0]?.jsonSchema?.name).toBe('draft')
      expect(run.packets.some((p) => p.type === 'token')).toBe(false)
      expect(store.listMessages()).toEqual([])
    })
  })

  it('reads back each offline step its own text, the second as well as the first', async () => {
    await withSql(async (sql) => {
      const deps = testDeps({ models: null })
      const offline = (text: string) => async (turn: PreparedTurn) => {
        turn.state.appendText(text)
        return { text, citations: [], stopped: false }
      }
      const debate = createTurnRunner({
        tools: [],
        orchestrate: async (_turn, runStep) => {
          const first = await runStep({ persona: 'Optimist.', offline: offline('First turn.') })
          const second = await runStep({ persona: 'Pessimist.', offline: offline('Second turn.') })
          return { first: first.text, second: second.text }
        },
      })
      const outcome = await debate(aRun(memoryStore(sql), deps, { message: 'Q?' }).context)
      expect(outcome).toMatchObject({ first: 'First turn.', second: 'Second turn.' })
    })
  })

  it('reports a structured step offline as not configured instead of inventing JSON', async () => {
    await withSql(async (sql) => {
      const deps = testDeps({ models: null })
      let seen: TurnAnswer | undefined
      const write = createTurnRunner({
        tools: [],
        output: {
          kind: 'json',
          schema: z.object({ message: z.string() }),
          jsonSchema: { name: 'draft', schema: {} },
        },
        onAnswer: (answer) => {
          seen = answer
          return {}
        },
      })
      await write(aRun(memoryStore(sql), deps, { message: 'Write.' }).context)
      expect(seen?.error?.code).toBe('not_configured')
      expect(seen?.value).toBeNull()
    })
  })
})
