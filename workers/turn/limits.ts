// The window the turn plans for: the main model's, or the configured size when offline.
import type { Deps } from '../deps'

export function contextTokensOf(deps: Pick<Deps, 'models' | 'config'>): number {
  return deps.models?.main.contextTokens ?? deps.config.llm.contextTokens
}
