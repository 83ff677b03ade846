// A session URL this browser holds no key for (opened in another browser, or its list
// cleared): every mode says why its page is empty and what asking there does, in one notice.
import { el } from './el'
import type { ModeRoute } from './mode-route'
import { loadSession } from './session'
import { SESSIONS_CHANGED } from './session-list'

/** The mode's words: what the session holds, and what the user's next action starts. */
export interface ForeignSessionWords {
  /** "conversation", "debates", "papers and chat", "document". */
  holds: string
  /** "Asking a question here starts a new conversation." */
  next: string
}

/** True when the route names a session the tab could not open (call after openRouteSession). */
export function isForeignSession(route: ModeRoute): boolean {
  return route.session !== undefined && loadSession()?.id !== route.session
}

/**
 * The notice for a foreign session URL, or null when the route's session is this tab's own
 * (or there is none). It leaves by itself once the view has made a session of its own.
 */
export function foreignSessionNotice(
  route: ModeRoute,
  words: ForeignSessionWords,
): HTMLElement | null {
  if (!isForeignSession(route)) return null
  const note = el('div', 'foreign-session')
  note.setAttribute('role', 'status')
  note.dataset.foreignSession = route.session
  note.append(
    el('strong', 'foreign-session-title', 'This session is not held in this browser'),
    el(
      'p',
      undefined,
      `Its ${words.holds} cannot be shown here: the link was opened in another browser, or ` +
        `this browser no longer keeps its key. ${words.next}`,
    ),
  )
  const onChange = () => {
    const own = loadSession()
    if (!note.isConnected || (own && own.id !== route.session)) {
      note.remove()
      window.removeEventListener(SESSIONS_CHANGED, onChange)
    }
  }
  window.addEventListener(SESSIONS_CHANGED, onChange)
  return note
}
