// The context of one cycle: the session's settings and the turn so far, put in the seed's order
// by context/assemble. The custom agent either moves with the latest user message or, when the
// user chose to replace the system prompt with it, becomes the system prompt's base.
import {
  assembleContext,
  buildReminder,
  buildSystemPrompt,
  type ChatMessageSimple,
} from '../context'
import type { LanguageModelInput } from '../llm'
import type { PreparedTurn } from './process'
import type { TurnTool } from './tools/types'

export interface CycleContext {
  /** This turn's tool calls and results so far. */
  exchanges: ChatMessageSimple[]
  /** Tools offered in this cycle (none on the last one). */
  tools: TurnTool[]
  /** A document-returning tool has run in this turn. */
  searchRan: boolean
  /** This step's persona (base system prompt); default the turn's. */
  persona?: string
}

function systemBase(turn: PreparedTurn, persona: string | undefined): string | null {
  const { settings } = turn
  if (settings.replaceSystemPrompt && settings.customAgentPrompt) return settings.customAgentPrompt
  return settings.systemPrompt ?? persona ?? turn.basePrompt
}

export function buildCycleInput(turn: PreparedTurn, cycle: CycleContext): LanguageModelInput {
  const { settings } = turn
  const hasDocuments =
    turn.project !== null || (turn.user.kind === 'user' && turn.user.files.length > 0)
  const system = buildSystemPrompt({
    base: systemBase(turn, cycle.persona),
    now: new Date(turn.deps.now()),
    tools: cycle.tools.map((tool) => ({ name: tool.spec.name, guidance: tool.guidance })),
    // Documents shown up front are citable too, so their rules come with them.
    citations: cycle.searchRan || hasDocuments,
  })
  return assembleContext({
    system,
    customAgent: settings.replaceSystemPrompt ? null : settings.customAgentPrompt,
    project: turn.project,
    history: turn.history,
    turn: [turn.user, ...turn.priorSteps, ...cycle.exchanges],
    reminder: buildReminder({ searchRan: cycle.searchRan, userReminders: settings.reminders }),
    budget: turn.limits.input,
  })
}
