// The turn engine (seed 003): process -> loop -> step, tools, the runner SessionDO hosts, and
// the routes for messages, settings and files.
import './register'

export { turnRoutes } from './routes'
export { createTurnRunner, runTurn } from './run'
export type { PreparedTurn } from './process'
export type { StepError, StepRunner, StepSpec, TurnAnswer, TurnOutput, TurnSpec } from './spec'
export { runTurnStep } from './run-step'
export { announceFallback } from './announce'
export { CitationTracker } from './citations'
export {
  fileJsonSchema,
  messageBodySchema,
  settingsBodySchema,
  turnInputSchema,
  type FileJson,
  type SettingsBody,
  type TurnInput,
} from './schemas'
export { toRichMessage, type RichMessage } from './save'
export { answerDataSchema, userDataSchema, type AnswerData, type UserData } from './message-data'
export { BUILTIN_TOOLS, BUILTIN_TOOL_NAMES, selectTools } from './tools/registry'
export type { ToolContext, ToolOutput, TurnTool } from './tools/types'
export {
  chunkToDocument,
  createSearchCorpusTool,
  NO_RELEVANT_DOCUMENTS,
  searchCorpusTool,
  type SearchCorpusOptions,
} from './tools/search-corpus'
export { webSearchTool } from './tools/web-search'
export { openUrlTool } from './tools/open-url'
export { extractiveAnswer, OFFLINE_NOTE } from './offline-answer'
export { turnOpenApi } from './openapi'
