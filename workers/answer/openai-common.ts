// What both OpenAI-compatible routes (/v1/chat/completions, /v1/responses) share: the model
// ids they answer as, OpenAI's unknown-model error, and keeping a streamed answer running.
import type { Context } from 'hono'
import type { AppEnv } from '../http'

export const MODEL_IDS = ['quire-answer', 'sonar'] as const

export const isKnownModel = (model: string) => (MODEL_IDS as readonly string[]).includes(model)

/** OpenAI's own answer to an unknown model, so its clients report it the usual way. */
export function unknownModel(c: Context<AppEnv>, model: string) {
  const error = {
    message: `The model \`${model}\` does not exist or you do not have access to it. Available: ${MODEL_IDS.join(', ')}.`,
    type: 'invalid_request_error',
    param: 'model',
    code: 'model_not_found',
  }
  return c.json({ error }, 404)
}

/** The stream keeps the request alive while read; waitUntil also covers a client that left. */
export function keepAlive(c: Context<AppEnv>, work: Promise<unknown>): void {
  try {
    c.executionCtx.waitUntil(work)
  } catch {
    // app.request() in tests has no ExecutionContext
  }
}
