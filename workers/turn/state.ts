// The state container: accumulates what the turn produced (answer and reasoning per cycle, tool
// calls and results, citations, documents, stop and error) so it can be saved at the end,
// whether the turn finished, failed or was stopped. Nothing reads it to make decisions.
import type { TokenUsage } from '../llm'
import { modeReport, type ModeReport, type StageFallback } from '../grounding'
import type { SourceRef } from '../stream'
import type { AnswerData, CycleRecord, ToolCallRecord } from './message-data'

export interface StateMark {
  cycles: number
  citations: number
  usage: number
}

export class TurnState {
  readonly cycles: CycleRecord[] = []
  readonly citations: SourceRef[] = []
  documents: SourceRef[] = []
  project: AnswerData['project'] = 'none'
  stopped = false
  error: AnswerData['error']
  #isFrozen = false
  /** Token usage each inference's provider reported (an inference that reported none adds none). */
  readonly usage: TokenUsage[] = []
  /** Steps of the turn that fell back (the project's retrieval, say), with why. */
  readonly fallbacks: StageFallback[] = []

  /** `configured`: whether a model is configured (online) or not (offline). */
  constructor(readonly configured: 'online' | 'offline') {}

  /** The turn's mode and fallbacks, derived by the grounding core. */
  report(): ModeReport {
    return modeReport(this.configured === 'online', this.fallbacks)
  }

  addFallback(fallback: StageFallback): void {
    this.fallbacks.push(fallback)
  }

  /** Where the state stands now, to read back what one step added (see since()). */
  mark(): StateMark {
    return {
      cycles: this.cycles.length,
      citations: this.citations.length,
      usage: this.usage.length,
    }
  }

  /** The provider-reported usage of the inferences after `mark`; null when none reported any. */
  usageSince(mark: StateMark): TokenUsage | null {
    const reported = this.usage.slice(mark.usage)
    if (reported.length === 0) return null
    return reported.reduce((sum, u) => ({
      promptTokens: sum.promptTokens + u.promptTokens,
      completionTokens: sum.completionTokens + u.completionTokens,
    }))
  }

  /** The answer text and citations added after `mark`. */
  since(mark: StateMark): { text: string; citations: SourceRef[] } {
    const text = this.cycles
      .slice(mark.cycles)
      .map((cycle) => cycle.text.trim())
      .filter(Boolean)
      .join('\n\n')
    return { text, citations: this.citations.slice(mark.citations) }
  }

  beginCycle(): void {
    this.cycles.push({ text: '', reasoning: '', tool_calls: [] })
  }

  private current(): CycleRecord {
    const cycle = this.cycles[this.cycles.length - 1]
    if (cycle) return cycle
    this.beginCycle()
    return this.current()
  }

  appendText(text: string): void {
    if (!this.#isFrozen) this.current().text += text
  }

  appendReasoning(text: string): void {
    if (!this.#isFrozen) this.current().reasoning += text
  }

  /** The stream closed at a stop: what arrives later was never shown, so it is not kept. */
  freeze(): void {
    this.#isFrozen = true
  }

  addToolCall(call: ToolCallRecord): void {
    this.current().tool_calls.push(call)
  }

  recordToolResult(id: string, result: Omit<ToolCallRecord, 'id' | 'name' | 'arguments'>): void {
    for (const cycle of this.cycles) {
      const call = cycle.tool_calls.find((c) => c.id === id)
      if (call) Object.assign(call, result)
    }
  }

  addCitation(source: SourceRef): void {
    if (!this.#isFrozen) this.citations.push(source)
  }

  setDocuments(sources: SourceRef[]): void {
    this.documents = sources
  }

  markStopped(): void {
    this.stopped = true
  }

  setError(code: string, message: string): void {
    this.error = { code, message }
  }

  /** The answer as the user saw it stream: every cycle's text, in order. */
  answerText(): string {
    return this.cycles
      .map((cycle) => cycle.text.trim())
      .filter(Boolean)
      .join('\n\n')
  }

  toData(runId: string): AnswerData {
    return {
      kind: 'turn_answer',
      run_id: runId,
      ...this.report(),
      stopped: this.stopped,
      cycles: this.cycles,
      citations: this.citations,
      documents: this.documents,
      project: this.project,
      ...(this.error ? { error: this.error } : {}),
    }
  }
}
