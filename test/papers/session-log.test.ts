// The papers request log's token counts: a model call's tokens are the provider's reported
// usage when there is one, else the project's tokenizer's count, each entry saying which; the
// request's metrics sum its calls.
import { describe, expect, it } from 'vitest'
import { countTokens } from '../../workers/llm'
import { PaperLog } from '../../workers/papers/session-log'

const call = { model: 'm', purpose: 'answer', latencyMs: 5 }

describe('PaperLog token counts', () => {
  it("keeps the provider's reported usage and sums the request from its calls", () => {
    const log = new PaperLog('multi_paper_rag', 'q', () => 0)
    log.llm({
      ...call,
      prompt: 'p',
      completion: 'c',
      usage: { promptTokens: 900, completionTokens: 40 },
    })
    log.llm({
      ...call,
      prompt: 'p',
      completion: 'c',
      usage: { promptTokens: 100, completionTokens: 2 },
    })
    const metrics = log.request({ chunk_tokens: 321 })
    expect(metrics).toMatchObject({
      prompt_tokens: 1000,
      completion_tokens: 42,
      chunk_tokens: 321,
      tokens_from: ['provider'],
    })
    expect(log.entries[0]?.body).toMatchObject({ prompt_tokens: 900, tokens_from: 'provider' })
  })

  it('counts with the tokenizer, and says so, when the provider reports no usage', () => {
    const log = new PaperLog('paper_brain', 'q', () => 0)
    const prompt = 'Rewrite this request for arXiv: how are deep learning models tested'
    log.llm({ ...call, prompt, completion: 'deep learning testing' })
    const metrics = log.request({ chunk_tokens: 0 })
    expect(metrics).toMatchObject({
      prompt_tokens: countTokens(prompt),
      completion_tokens: countTokens('deep learning testing'),
      tokens_from: ['tokenizer'],
    })
    expect(log.entries[0]?.body).toMatchObject({ tokens_from: 'tokenizer' })
  })

  it('claims nothing when no model was called', () => {
    const log = new PaperLog('paper_brain', 'q', () => 0)
    expect(log.request({ chunk_tokens: 0 })).toMatchObject({
      prompt_tokens: 0,
      completion_tokens: 0,
      tokens_from: [],
    })
  })
})
