// The tool contract: a spec the model sees, a line of guidance for the system prompt, and a run
// function. Adding a tool = one file implementing TurnTool plus one line in registry.ts.
import type { ContextDocument, DocumentNumbering } from '../../context'
import type { Deps } from '../../deps'
import type { ToolSpec } from '../../llm'
import type { SourceRef } from '../../stream'

export interface ToolContext {
  deps: Deps
  sessionId: string
  signal: AbortSignal
  /** The turn's document numbering: documents a tool returns get their cite numbers here. */
  numbering: DocumentNumbering
  /**
   * The turn goes on without its model, which failed: a tool must not call it (no planning or
   * grading in search) and Quire's own word statistics judge what it returns.
   */
  withoutModel?: boolean
}

export interface ToolOutput {
  /** What the model reads as the tool result (the documents JSON for search tools). */
  content: string
  /** One line for the UI's tool block. */
  summary: string
  documents: ContextDocument[]
  sources: SourceRef[]
}

export interface TurnTool {
  spec: ToolSpec
  /** Shown in the system prompt's tool section, only in cycles where the tool is offered. */
  guidance: string
  /** Its results are citable documents: once it runs, the citation rules and reminder apply. */
  returnsDocuments: boolean
  /** Validates `args` itself (model JSON is an edge) and honours `signal`. */
  run(args: unknown, context: ToolContext): Promise<ToolOutput>
}

/** Numbered documents -> their sources, in the order given. */
export function sourcesOf(docs: ContextDocument[], numbering: DocumentNumbering): SourceRef[] {
  return docs.flatMap((doc) => numbering.source(doc.document) ?? [])
}
