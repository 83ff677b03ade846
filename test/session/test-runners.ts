// Runners registered for session tests (the DO under test shares this module instance).
import { z } from 'zod'
import { ProviderError } from '../../workers/errors'
import { registerRunner, type RunContext } from '../../workers/session'

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A gate a test opens to let the 'gated' runner finish. */
export const gate = {
  open: () => undefined as void,
  opened: Promise.resolve(),
  reset() {
    this.opened = new Promise<void>((resolve) => {
      this.open = resolve
    })
  },
}

registerRunner(
  'echo',
  async ({ input, emit, store }: RunContext<{ words: string[] }>) => {
    emit({ type: 'status', message: 'Starting echo', turn_index: 0 })
    for (const word of input.words) emit({ type: 'token', text: word, turn_index: 0 })
    emit({ type: 'status', message: 'Echo finished', turn_index: 0 })
    const saved = store.appendMessage({ role: 'assistant', content: input.words.join('') })
    return { text: saved.content, message_id: saved.id }
  },
  z.object({ words: z.array(z.string()).min(1) }),
)

registerRunner('gated', async ({ emit }) => {
  emit({ type: 'token', text: 'waiting', turn_index: 0 })
  await gate.opened
  return { text: 'waiting' }
})

/** Emits `count` tokens 5 ms apart; on stop it saves what it has and returns (cooperative). */
registerRunner('drip', async ({ input, emit, store, signal }: RunContext<{ count: number }>) => {
  let text = ''
  for (let i = 0; i < input.count && !signal.aborted; i++) {
    text += `t${i} `
    emit({ type: 'token', text: `t${i} `, turn_index: 0 })
    await sleep(5)
  }
  const saved = store.appendMessage({
    role: 'assistant',
    content: text,
    data: { stopped: signal.aborted },
  })
  return { text, message_id: saved.id }
})

/** Ignores the stop signal entirely for `ms`, then saves (a runner slow to unwind). */
registerRunner('stubborn', async ({ input, emit, store }: RunContext<{ ms: number }>) => {
  const started = Date.now()
  let i = 0
  while (Date.now() - started < input.ms) {
    emit({ type: 'token', text: `s${i++} `, turn_index: 1 })
    await sleep(5)
  }
  store.appendMessage({ role: 'assistant', content: 'stubborn finished' })
  return { text: 'stubborn finished' }
})

registerRunner('crash', async ({ emit }) => {
  emit({ type: 'status', message: 'About to fail', turn_index: 0 })
  throw new Error('secret internal detail')
})

registerRunner('upstream', async () => {
  throw new ProviderError('openai-compatible', 'The model provider failed')
})
