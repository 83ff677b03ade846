// Events a mode's view sends to the shell (which owns the header badge), so views do not
// import the shell: how the last answer was made, and a view's own session id once it has one.
export const ANSWER_MODE_EVENT = 'quire:answer-mode'

export interface AnswerModeDetail {
  mode: 'online' | 'offline' | 'degraded'
  model?: string | null
  fallbacks: { stage: string; reason: string }[]
}

export function reportAnswerMode(detail: AnswerModeDetail): void {
  window.dispatchEvent(new CustomEvent<AnswerModeDetail>(ANSWER_MODE_EVENT, { detail }))
}

/** Puts the view's session in the URL without remounting it (replaceState fires no hashchange). */
export function showSessionInUrl(mode: string, sessionId: string): void {
  const target = `#/${mode}/${encodeURIComponent(sessionId)}`
  if (location.hash !== target) history.replaceState(null, '', target)
}
