// The typed client over the app's routes (hono/client): paths, inputs and JSON outputs come
// from the Worker's own route types (emitted by tsconfig.app-type.json), imported as types
// only, so no Worker code reaches the page or the widget bundle.
import { hc } from 'hono/client'
import type { AppType } from '@quire/app-type'

/** A client for the Quire server at `base` ('' is this page's origin). */
export function apiClient(base = '', init?: RequestInit) {
  return hc<AppType>(base, init ? { init } : undefined)
}

export const api = apiClient()

/** A path parameter as the client puts it in the URL (hono/client does not encode it). */
export const pathParam = (value: string) => encodeURIComponent(value)

/** `{ param: { id } }` for the /api/sessions/:id routes. */
export const sessionParam = (session: { id: string }) => ({ param: { id: pathParam(session.id) } })
