// Folds a delta stream back into one ModelResponse: text and reasoning concatenated, tool-call
// fragments joined by index. Used by adapters without a whole-response mode and by callers.
import type { FinishReason, ModelDelta, ModelResponse, TokenUsage, ToolCall } from './chat-model'

export class ResponseAssembler {
  private text = ''
  private reasoning = ''
  private readonly calls = new Map<number, ToolCall>()
  private finishReason: FinishReason = 'stop'
  private usage: TokenUsage | undefined

  add(delta: ModelDelta): void {
    switch (delta.type) {
      case 'text':
        this.text += delta.text
        return
      case 'reasoning':
        this.reasoning += delta.text
        return
      case 'tool_call': {
        const call = this.calls.get(delta.index) ?? { id: '', name: '', arguments: '' }
        if (delta.id) call.id = delta.id
        if (delta.name) call.name = delta.name
        call.arguments += delta.argumentsDelta
        this.calls.set(delta.index, call)
        return
      }
      case 'finish':
        this.finishReason = delta.reason
        this.usage = delta.usage
    }
  }

  result(): ModelResponse {
    const toolCalls = [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .map(([index, call]) => ({ ...call, id: call.id || `call_${index}` }))
    return {
      text: this.text,
      reasoning: this.reasoning,
      toolCalls,
      finishReason: this.finishReason,
      ...(this.usage ? { usage: this.usage } : {}),
    }
  }
}

/** Drains a stream into a ModelResponse (an aborted stream yields finishReason 'aborted'). */
export async function collectResponse(stream: AsyncIterable<ModelDelta>): Promise<ModelResponse> {
  const assembler = new ResponseAssembler()
  for await (const delta of stream) assembler.add(delta)
  return assembler.result()
}
