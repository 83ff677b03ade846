// The two-scientist debate (seed 002): its routes, its run kind, and the pure parts other
// code and tests use (marker parser, code check, APA formatting, terminal markers).
import './register'

export { debateRoutes } from './routes'
export { runDebate } from './runner'
export { parseEnding, type ParsedEnding, type Speaker } from './markers'
export { checkBlock, extractCodeBlocks, validateCode, type CodeValidation } from './code-check'
export { buildVerdict, isConsensus, judgeValidation } from './verdict'
export { TERMINAL_MARKERS, type TerminalState } from './terminal'
export { buildTurnQuery } from './query'
export type { TranscriptEntry } from './scientist-turn'
export {
  debateRequestSchema,
  debateRunInputSchema,
  interruptRequestSchema,
  type DebateRunInput,
} from './schemas'
export { debateOpenApi } from './openapi'
