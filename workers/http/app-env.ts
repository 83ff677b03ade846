// The Hono environment type shared by every router: bindings plus per-request variables.
import type { Deps } from '../deps'

export interface AppEnv {
  Bindings: Env
  Variables: {
    deps: Deps
    requestId: string
  }
}
