// The top of a turn: validate the input, rebuild the history from stored rows, fetch the
// attached files and the project, number the documents, choose the tools, store the user's
// message, and create the state container and the emitter the rest of the turn writes to.
import {
  contextLimits,
  DocumentNumbering,
  fileDocument,
  getContextFiles,
  listContextFiles,
  readTurnSettings,
  userMessage,
  type ChatMessageSimple,
  type ContextDocument,
  type ContextFile,
  type ContextLimits,
  type TurnSettings,
} from '../context'
import type { Deps } from '../deps'
import { ValidationError } from '../errors'
import type { ChatModel } from '../llm'
import type { RunContext, SessionStore } from '../session'
import { CitationTracker } from './citations'
import { BlockCounter, Emitter } from './emitter'
import { buildHistory } from './history'
import type { UserData } from './message-data'
import { contextTokensOf } from './limits'
import { loadProject } from './project-sources'
import { turnInputSchema, type TurnInput } from './schemas'
import type { TurnSpec } from './spec'
import { TurnState } from './state'
import { selectTools } from './tools/registry'
import type { TurnTool } from './tools/types'

export interface PreparedTurn {
  sessionId: string
  runId: string
  deps: Deps
  store: SessionStore
  signal: AbortSignal
  input: TurnInput
  settings: TurnSettings
  /** The turn's specification (persona, tools, output, hooks). */
  spec: TurnSpec
  basePrompt: string | null
  history: ChatMessageSimple[]
  /** Earlier steps of this run (instructions and answers), seen by the steps after them. */
  priorSteps: ChatMessageSimple[]
  /** The current user message, with its files as numbered documents. */
  user: ChatMessageSimple
  project: ContextDocument[] | null
  numbering: DocumentNumbering
  citations: CitationTracker
  tools: TurnTool[]
  model: ChatModel | null
  limits: ContextLimits
  state: TurnState
  emitter: Emitter
  blocks: BlockCounter
}

function loadFiles(store: SessionStore, ids: string[]): ContextFile[] {
  const files = getContextFiles(store.sql, ids)
  const missing = ids.filter((id) => !files.some((file) => file.id === id))
  if (missing.length > 0) throw new ValidationError('Unknown file ids', { details: { missing } })
  return files
}

function storeUserMessage(
  ctx: RunContext<unknown>,
  input: TurnInput,
  files: ContextDocument[],
  sources: ContextFile[],
): void {
  const attached = sources.map((file, i) => ({
    id: file.id,
    name: file.name,
    kind: file.kind,
    tokens: file.tokens,
    document: files[i]?.document ?? 0,
  }))
  const data: UserData = { kind: 'turn_user', run_id: ctx.runId, files: attached }
  ctx.store.appendMessage({ role: 'user', content: input.message, data })
}

interface TurnDocuments {
  numbering: DocumentNumbering
  project: ContextDocument[] | null
  /** This message's files as documents, and the stored files behind them. */
  files: ContextDocument[]
  sources: ContextFile[]
}

/** Project and attached files, numbered in the order the model reads them: project first. */
async function gatherDocuments(
  ctx: RunContext<unknown>,
  input: TurnInput,
  options: { limits: ContextLimits; state: TurnState },
): Promise<TurnDocuments> {
  const sources = loadFiles(ctx.store, input.file_ids)
  const project = await loadProject({
    ctx,
    files: listContextFiles(ctx.store.sql, 'project'),
    limit: options.limits.project,
    query: input.message,
    state: options.state,
  })
  const numbering = new DocumentNumbering()
  const projectDocs = project.length > 0 ? numbering.assign(project) : null
  return {
    numbering,
    project: projectDocs,
    files: numbering.assign(sources.map(fileDocument)),
    sources,
  }
}

export async function processMessage(
  ctx: RunContext<unknown>,
  spec: TurnSpec = {},
): Promise<PreparedTurn> {
  const input = turnInputSchema.parse(ctx.input)
  const { deps, store } = ctx
  const settings = readTurnSettings(store.sql)
  const history = buildHistory(store.listMessages(), (ids) => getContextFiles(store.sql, ids))
  const model = deps.models?.main ?? null
  const limits = contextLimits(contextTokensOf(deps))
  const state = new TurnState(model ? 'online' : 'offline')
  const docs = await gatherDocuments(ctx, input, { limits, state })
  if (spec.saveUserMessage !== false) storeUserMessage(ctx, input, docs.files, docs.sources)
  return {
    sessionId: ctx.sessionId,
    runId: ctx.runId,
    deps,
    store,
    signal: ctx.signal,
    input,
    settings,
    spec,
    basePrompt: spec.persona ?? null,
    history,
    priorSteps: [],
    user: userMessage(input.message, docs.files),
    project: docs.project,
    numbering: docs.numbering,
    citations: new CitationTracker(docs.numbering),
    tools: selectTools(input.tools, spec.tools),
    model,
    limits,
    state,
    emitter: new Emitter((packet) => ctx.emit(packet)),
    blocks: new BlockCounter(),
  }
}
