// Picks the chat models from Config: the OpenAI-compatible adapter, Workers AI, or none
// (offline: callers take their deterministic fallbacks).
import type { Config } from '../config'
import type { ChatModel, ChatModels } from './chat-model'
import { OpenAiCompatibleChatModel } from './openai-compatible'
import { WorkersAiChatModel, type AiRunner } from './workers-ai'

/** Used when LLM_MODEL is not a Workers AI name (the default config names an OpenAI model). */
export const WORKERS_AI_DEFAULTS = {
  main: '@cf/meta/llama-3.3-70b-instruct-fp8-fast',
  fast: '@cf/meta/llama-3.1-8b-instruct-fast',
  contextTokens: 24_000,
} as const

const isWorkersAiName = (model: string) => model.startsWith('@cf/') || model.startsWith('@hf/')

function workersAiModel(config: Config, ai: AiRunner, name: string, fallback: string): ChatModel {
  const known = isWorkersAiName(name)
  return new WorkersAiChatModel({
    ai,
    model: known ? name : fallback,
    contextTokens: known ? config.llm.contextTokens : WORKERS_AI_DEFAULTS.contextTokens,
    timeoutMs: config.llm.timeoutMs,
  })
}

function openAiModel(
  config: Config,
  model: string,
  keys = { apiKey: config.llm.apiKey, fallbackApiKey: config.llm.apiKeyFallback },
): ChatModel {
  return new OpenAiCompatibleChatModel({
    baseUrl: config.llm.baseUrl,
    ...keys,
    model,
    contextTokens: config.llm.contextTokens,
    timeoutMs: config.llm.timeoutMs,
  })
}

/** main = LLM_MODEL, fast = LLM_MODEL_FAST (itself defaulting to LLM_MODEL); null when offline. */
export function createChatModels(config: Config, ai: AiRunner): ChatModels | null {
  switch (config.llm.provider) {
    case 'offline':
      return null
    case 'workers-ai':
      return {
        main: workersAiModel(config, ai, config.llm.model, WORKERS_AI_DEFAULTS.main),
        fast: workersAiModel(config, ai, config.llm.modelFast, WORKERS_AI_DEFAULTS.fast),
      }
    case 'openai-compatible':
      return {
        main: openAiModel(config, config.llm.model),
        fast: openAiModel(config, config.llm.modelFast),
      }
  }
}

/**
 * Paper Brain's model (seed 004's per-role keys): the fast model on LLM_API_KEY_DISCOVERY,
 * falling back to the chat key LLM_API_KEY on quota errors, then QuotaExhaustedError. Unset,
 * it is the fast model with the chat keys. Null when offline.
 */
export function createDiscoveryModel(config: Config, ai: AiRunner): ChatModel | null {
  const discovery = config.llm.apiKeyDiscovery
  if (config.llm.provider !== 'openai-compatible' || !discovery) {
    return createChatModels(config, ai)?.fast ?? null
  }
  return openAiModel(config, config.llm.modelFast, {
    apiKey: discovery,
    fallbackApiKey: config.llm.apiKey,
  })
}
