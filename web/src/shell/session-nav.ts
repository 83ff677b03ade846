// The navigation that depends on this browser's sessions: the mode links (each reopens the
// mode's latest session) and the Sessions panel listing every session with its title.
import { listSessions, type SessionEntry } from '../session-list'
import { findMode, MODES } from './modes'
import { routeHref, type ShellRoute } from './router'

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T

function latest(mode: string, sessions: SessionEntry[]): string | undefined {
  return sessions.find((s) => s.mode === mode)?.id
}

export function renderModeNav(route: ShellRoute | null): void {
  const sessions = listSessions()
  const list = byId<HTMLUListElement>('mode-list')
  list.replaceChildren()
  for (const mode of MODES) {
    const link = document.createElement('a')
    link.className = 'mode-link'
    link.dataset.mode = mode.id
    link.textContent = mode.label
    link.title = mode.blurb
    // The current mode's link keeps the open session; others reopen their latest one.
    const session = route?.mode === mode.id ? route.session : latest(mode.id, sessions)
    link.href = routeHref(mode.id, session)
    if (route?.mode === mode.id) link.setAttribute('aria-current', 'page')
    const item = document.createElement('li')
    item.append(link)
    list.append(item)
  }
}

function when(ms: number): string {
  const date = new Date(ms)
  const today = new Date().toDateString() === date.toDateString()
  return today
    ? date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    : date.toLocaleDateString(undefined, { month: 'short', day: 'numeric' })
}

export function renderSessionList(route: ShellRoute | null): void {
  const sessions = listSessions()
  const list = byId<HTMLUListElement>('session-list')
  list.replaceChildren()
  byId<HTMLElement>('sessions-empty').hidden = sessions.length > 0
  for (const session of sessions) {
    const link = document.createElement('a')
    link.className = 'session-link'
    link.href = routeHref(session.mode, session.id)
    link.title = session.title
    const title = document.createElement('span')
    title.className = 'session-title'
    title.textContent = session.title
    const meta = document.createElement('span')
    meta.className = 'session-meta'
    meta.textContent = `${findMode(session.mode)?.label ?? session.mode} · ${when(session.updated)}`
    link.append(title, meta)
    if (route?.session === session.id) link.setAttribute('aria-current', 'page')
    const item = document.createElement('li')
    item.append(link)
    list.append(item)
  }
}
