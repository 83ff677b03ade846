import { env } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { getConfig, parseConfig } from '../../workers/config'
import {
  createChatModels,
  OpenAiCompatibleChatModel,
  WORKERS_AI_DEFAULTS,
  WorkersAiChatModel,
  type AiRunner,
} from '../../workers/llm'

const ai = env.AI as unknown as AiRunner

describe('createChatModels', () => {
  it('returns null offline (this project runs without model keys)', () => {
    expect(getConfig(env).llm.provider).toBe('offline')
    expect(createChatModels(getConfig(env), ai)).toBeNull()
  })

  it('builds OpenAI-compatible main and fast models from LLM_MODEL and LLM_MODEL_FAST', () => {
    const config = parseConfig({
      LLM_API_KEY: 'k',
      LLM_MODEL: 'sonar-pro',
      LLM_MODEL_FAST: 'sonar',
      LLM_CONTEXT_TOKENS: '200000',
    })
    const models = createChatModels(config, ai)
    expect(models?.main).toBeInstanceOf(OpenAiCompatibleChatModel)
    expect(models?.main).toMatchObject({ model: 'sonar-pro', contextTokens: 200_000 })
    expect(models?.fast.model).toBe('sonar')
  })

  it('uses the main model as the fast one when LLM_MODEL_FAST is unset', () => {
    const models = createChatModels(parseConfig({ LLM_API_KEY: 'k', LLM_MODEL: 'gpt-4.1' }), ai)
    expect(models?.fast.model).toBe('gpt-4.1')
  })

  it('builds Workers AI models, substituting defaults for non-Workers-AI names', () => {
    const models = createChatModels(
      parseConfig({ LLM_PROVIDER: 'workers-ai', LLM_MODEL_FAST: '@cf/qwen/qwq-32b' }),
      ai,
    )
    expect(models?.main).toBeInstanceOf(WorkersAiChatModel)
    expect(models?.main).toMatchObject({
      model: WORKERS_AI_DEFAULTS.main,
      contextTokens: WORKERS_AI_DEFAULTS.contextTokens,
    })
    expect(models?.fast.model).toBe('@cf/qwen/qwq-32b')
  })
})
