// STUB (llm helper replaces)
import type { Config } from '../config'
import type { ChatModels } from './chat-model'
export * from './chat-model'
export * from './tokens'
export function createChatModels(_config: Config, _ai: Ai): ChatModels | null { return null }
