// The widget's session, per endpoint, in the host page's sessionStorage (no cookies): it
// lives as long as the tab, so follow-up questions keep their context.
export interface WidgetSession {
  id: string
  token: string
}

const keyFor = (endpoint: string) => `quire.widget.session:${endpoint}`

export function loadWidgetSession(endpoint: string): WidgetSession | null {
  try {
    const value = JSON.parse(
      sessionStorage.getItem(keyFor(endpoint)) ?? 'null',
    ) as Partial<WidgetSession> | null
    return value?.id && value.token ? { id: value.id, token: value.token } : null
  } catch {
    return null
  }
}

export function saveWidgetSession(endpoint: string, session: WidgetSession | null): void {
  try {
    if (session) sessionStorage.setItem(keyFor(endpoint), JSON.stringify(session))
    else sessionStorage.removeItem(keyFor(endpoint))
  } catch {
    // Storage disabled: each question starts a new session; answers still work.
  }
}
