// Writing to the run's stream outside a model step: status lines (the §12 signals), plain text
// blocks (Quire's references, the terminal marker), and text that carries citations (offline
// turns), checked by the run's citation tracker like streamed model text.
import type { PreparedTurn } from '../turn'

/**
 * A status line; `fallback` names the step that left its normal path (phase 'error', the
 * packets' way of saying so, which clients read instead of the words).
 */
export function emitStatus(turn: PreparedTurn, message: string, fallback?: string): void {
  const marked = fallback ? { step: fallback, phase: 'error' as const } : {}
  turn.emitter.emit({ turn_index: turn.blocks.open(), type: 'status', message, ...marked })
}

/** A block of Quire's own text; not part of any scientist's answer. */
export function emitText(turn: PreparedTurn, text: string): void {
  turn.emitter.emit({ turn_index: turn.blocks.open(), type: 'token', text })
}

/** Answer text written by Quire (offline turns): citations checked, recorded in the state. */
export function emitAnswerText(turn: PreparedTurn, text: string): void {
  const block = turn.blocks.open()
  const send = (checked: ReturnType<PreparedTurn['citations']['write']>) => {
    if (checked.text) {
      turn.emitter.emit({ turn_index: block, type: 'token', text: checked.text })
      turn.state.appendText(checked.text)
    }
    for (const source of checked.sources) {
      turn.emitter.emit({ turn_index: block, type: 'citation', number: source.number, source })
      turn.state.addCitation(source)
    }
  }
  for (const line of text.split(/(?<=\n)/)) send(turn.citations.write(line))
  send(turn.citations.end())
}
