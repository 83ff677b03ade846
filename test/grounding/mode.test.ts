// The one derivation of mode and fallbacks, and the floor under the model's relevance judgement.
import { describe, expect, it } from 'vitest'
import { anythingMatches, fallbackOf, modeReport, retrievalFallback } from '../../workers/grounding'

describe('modeReport', () => {
  it('is online with a model and nothing listed', () => {
    expect(modeReport(true, [])).toEqual({ mode: 'online', fallbacks: [] })
  })

  it('is degraded with a model once anything fell back, listing each (stage, reason) once', () => {
    const plan = { stage: 'plan', reason: 'timeout' }
    expect(modeReport(true, [plan], [plan, 'vector:failed'])).toEqual({
      mode: 'degraded',
      fallbacks: [plan, { stage: 'retrieval.vector', reason: 'failed; searched without it' }],
    })
  })

  it('stays offline without a model, and still lists what fell back', () => {
    expect(modeReport(false, ['placement:document_changed'])).toEqual({
      mode: 'offline',
      fallbacks: [{ stage: 'placement', reason: 'document changed' }],
    })
  })
})

describe('fallback codes', () => {
  it("reads the retriever's codes, alone or behind 'retrieval:'", () => {
    const lexical = {
      stage: 'retrieval.rerank',
      reason: 'the model could not grade the passages; ranked by word statistics',
    }
    expect(retrievalFallback('rerank:lexical')).toEqual(lexical)
    expect(fallbackOf('retrieval:rerank:lexical')).toEqual(lexical)
    expect(fallbackOf('feedback:failed')).toEqual({
      stage: 'retrieval.feedback',
      reason: 'failed; searched without it',
    })
  })

  it("splits other capabilities' 'stage:reason' codes at the first colon", () => {
    expect(fallbackOf('model:model error')).toEqual({ stage: 'model', reason: 'model error' })
    expect(fallbackOf('url')).toEqual({ stage: 'url', reason: 'fell back' })
  })
})

describe('anythingMatches', () => {
  const passages = [{ title: 'Statin therapy', text: 'Statins lowered LDL cholesterol.' }]

  it('is true when any content word of the question occurs in a passage', () => {
    expect(anythingMatches('Do statins cure colds?', passages)).toBe(true)
  })

  it('is false when none does, or the question names nothing', () => {
    expect(anythingMatches('Who won the football cup?', passages)).toBe(false)
    expect(anythingMatches('What is it?', passages)).toBe(false)
  })
})
