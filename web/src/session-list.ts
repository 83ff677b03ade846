// This browser's sessions (id, token, mode, title), kept in localStorage so the shell can list
// them and reopen one by URL; the open conversation itself stays in sessionStorage (session.ts).
import { clearSession, loadSession, saveSession } from './session'
import type { SessionCredentials } from './types'

const KEY = 'quire.sessions'
/** Oldest sessions are dropped past this many: the list is a convenience, not an archive. */
const MAX_SESSIONS = 50
export const SESSIONS_CHANGED = 'quire:sessions-changed'

export interface SessionEntry extends SessionCredentials {
  mode: string
  title: string
  updated: number
}

function isEntry(value: unknown): value is SessionEntry {
  const v = value as Partial<SessionEntry> | null
  return typeof v?.id === 'string' && typeof v.token === 'string' && typeof v.mode === 'string'
}

/** Most recent first; an unreadable store reads as empty. */
export function listSessions(): SessionEntry[] {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '[]') as unknown
    const entries = Array.isArray(raw) ? raw.filter(isEntry) : []
    return entries.sort((a, b) => b.updated - a.updated)
  } catch {
    return []
  }
}

function store(entries: SessionEntry[]): void {
  try {
    localStorage.setItem(KEY, JSON.stringify(entries.slice(0, MAX_SESSIONS)))
  } catch {
    // Storage full or disabled: the session still works, it is just not listed.
  }
  window.dispatchEvent(new CustomEvent(SESSIONS_CHANGED))
}

/** Adds or refreshes a session; an existing title is kept (the first question names it). */
export function recordSession(session: SessionCredentials, mode: string, title: string): void {
  const entries = listSessions()
  const old = entries.find((e) => e.id === session.id)
  const entry: SessionEntry = {
    ...session,
    mode: old?.mode ?? mode,
    title: old?.title || title.trim().slice(0, 120) || 'Untitled',
    updated: Date.now(),
  }
  store([entry, ...entries.filter((e) => e.id !== session.id)])
}

export function findSession(id: string): SessionEntry | null {
  return listSessions().find((e) => e.id === id) ?? null
}

export function forgetSession(id: string): void {
  store(listSessions().filter((e) => e.id !== id))
}

/** Makes a listed session the tab's current one; false when this browser does not know it. */
export function resumeSession(id: string): boolean {
  const entry = findSession(id)
  if (!entry) return false
  saveSession({ id: entry.id, token: entry.token })
  return true
}

/**
 * Makes the route's session the tab's current one (the tab's own, or one this browser lists);
 * no session, or one this browser holds no token for, starts a new conversation.
 */
export function openRouteSession(id: string | undefined): void {
  if (id && (loadSession()?.id === id || resumeSession(id))) return
  clearSession()
}
