// The Hono environment type shared by every router: bindings plus per-request variables.
import type { Deps } from '../deps'

/** How requireApiKey let the request in: a configured key, or open local-dev mode. */
export type ApiAuth = 'api_key' | 'open'

export interface AppEnv {
  Bindings: Env
  Variables: {
    deps: Deps
    requestId: string
    /** Set by requireApiKey(); undefined on routes that do not take API keys. */
    apiAuth?: ApiAuth
  }
}
