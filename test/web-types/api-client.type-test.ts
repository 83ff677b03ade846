// Compile-time checks that the web's typed client follows the app's routes (checked by
// tsconfig.web.json in `npm run typecheck`, never run): each @ts-expect-error marks a call the
// route types must refuse, so a route whose shape drifts from these calls fails the typecheck.
import { api } from '../../web/src/api-client'

export async function refusedCalls(): Promise<number> {
  // @ts-expect-error a misspelt field of POST /api/ask's body
  await api.api.ask.$post({ json: { querry: 'vitamin D' } })
  // @ts-expect-error POST /api/ask needs its query
  await api.api.ask.$post({ json: {} })
  // @ts-expect-error search_mode is one of corpus, web, academic
  await api.api.ask.$post({ json: { query: 'vitamin D', search_mode: 'everything' } })
  // @ts-expect-error no such route
  await api.api.askk.$post()
  // @ts-expect-error the stop route's :id parameter is required
  await api.api.sessions[':id'].stop.$post({ param: {} })
  const created = await (await api.api.sessions.$post()).json()
  // @ts-expect-error a new session's id is session_id
  void created.id
  const health = await (await api.health.$get()).json()
  // @ts-expect-error /health's mode is 'offline' | 'online', not a number
  const mode: number = health.mode
  return mode
}

/** The same calls, well formed, compile: the checks above fail for the reason they name. */
export async function acceptedCalls(): Promise<string> {
  await api.api.ask.$post({ json: { query: 'vitamin D', search_mode: 'corpus' } })
  await api.api.sessions[':id'].stop.$post({ param: { id: 'x' } })
  const created = await (await api.api.sessions.$post()).json()
  const health = await (await api.health.$get()).json()
  return `${created.session_id} ${health.mode}`
}
