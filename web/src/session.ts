// The conversation's session id and bearer token, kept for this tab only (sessionStorage).
import type { SessionCredentials } from './types'

const KEY = 'quire.session'

export function loadSession(): SessionCredentials | null {
  try {
    const value = JSON.parse(
      sessionStorage.getItem(KEY) ?? 'null',
    ) as Partial<SessionCredentials> | null
    return value?.id && value.token ? { id: value.id, token: value.token } : null
  } catch {
    return null
  }
}

export function saveSession(session: SessionCredentials): void {
  sessionStorage.setItem(KEY, JSON.stringify(session))
}

export function clearSession(): void {
  sessionStorage.removeItem(KEY)
}
