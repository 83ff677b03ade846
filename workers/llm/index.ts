// The llm capability: the ChatModel port, its adapters' factory, token counting and
// model-JSON parsing. Re-exports only.
export * from './chat-model'
export * from './tokens'
export {
  abortError,
  isAbortError,
  untilAborted,
  untilAbortedIterable,
  type AbortReasonOf,
} from './abort'
export { collectResponse, ResponseAssembler } from './collect'
export { createChatModels, createDiscoveryModel, WORKERS_AI_DEFAULTS } from './create-chat-models'
export { OpenAiCompatibleChatModel, type OpenAiChatOptions } from './openai-compatible'
export { WorkersAiChatModel, type AiRunner, type WorkersAiChatOptions } from './workers-ai'
export {
  isQuotaError,
  isModelDown,
  MODEL_DOWN_REASONS,
  modelFailureReason,
  toProviderError,
  type ModelFailureReason,
} from './provider-errors'
export {
  completeJson,
  parseModelJson,
  toResponseSchema,
  type CompleteJsonOptions,
  type ParseMethod,
  type ParsedModelJson,
  type ParseModelJsonOptions,
} from './model-json'
