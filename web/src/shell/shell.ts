// The app shell: routes `#/<mode>[/<session>]` to the mode's lazily loaded view (unmounting
// the previous one), keeps the navigation and session list current, and wires the badge,
// library progress, citations and keyboard shortcuts shared by every mode.
import { watchLengthLimits } from '../composer-notes'
import { loadSession } from '../session'
import { findSession, SESSIONS_CHANGED } from '../session-list'
import { watchAnswerModes } from './badge'
import { watchCitations } from './citations'
import { watchLibrary } from './library'
import { DEFAULT_MODE, findMode } from './modes'
import { parseRoute, routeHref, type ShellRoute } from './router'
import { renderModeNav, renderSessionList } from './session-nav'
import { showShareFor, watchShare } from './share'
import { watchShortcuts } from './shortcuts'

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T

export function startShell(): void {
  const outlet = byId<HTMLElement>('outlet')
  const panel = byId<HTMLElement>('sessions')
  const toggle = byId<HTMLButtonElement>('sessions-toggle')
  let current: ShellRoute | null = null
  let unmount: (() => void) | null = null
  let shown = 0

  const setPanel = (open: boolean, moveFocus = false) => {
    const wasOpen = !panel.hidden
    panel.hidden = !open
    toggle.setAttribute('aria-expanded', String(open))
    // Keyboard users land in the panel when they open it, and back on its button when it closes.
    if (moveFocus && open) panel.querySelector<HTMLElement>('a')?.focus()
    else if (moveFocus && wasOpen && panel.contains(document.activeElement)) toggle.focus()
  }

  async function show(route: ShellRoute): Promise<void> {
    const entry = findMode(route.mode)
    if (!entry) return location.replace(routeHref(DEFAULT_MODE))
    const mine = (shown += 1)
    current = route
    unmount?.()
    unmount = null
    document.body.dataset.mode = entry.id
    renderModeNav(route)
    renderSessionList(route)
    showShareFor(route.session)
    setPanel(false)
    const view = await entry.load()
    // A newer navigation won while this view's code was loading.
    if (mine !== shown) return
    outlet.replaceChildren()
    unmount = view.mount(outlet, { session: route.session, params: route.params })
    document.title = `Quire · ${entry.label}`
    byId<HTMLElement>('route-status').textContent = `${entry.label} mode`
  }

  function follow(): void {
    const route = parseRoute(location.hash)
    // Not a route (an in-page anchor): the view stays as it is.
    if (route) void show(route)
  }

  // A bare URL reopens the tab's conversation, as the single-page app did before the shell.
  if (!parseRoute(location.hash)) {
    const open = loadSession()
    const mode = open ? (findSession(open.id)?.mode ?? DEFAULT_MODE) : DEFAULT_MODE
    history.replaceState(null, '', routeHref(mode, open?.id))
  }
  window.addEventListener('hashchange', follow)
  window.addEventListener(SESSIONS_CHANGED, () => {
    // The view put its new session in the URL with replaceState: read it back.
    const route = parseRoute(location.hash) ?? current
    if (route && route.mode === current?.mode) current = route
    renderModeNav(route)
    renderSessionList(route)
    showShareFor(route?.session)
  })
  byId<HTMLButtonElement>('new-session').addEventListener('click', () => {
    const target = routeHref(current?.mode ?? DEFAULT_MODE)
    if (location.hash === target) follow()
    else location.hash = target
  })
  toggle.addEventListener('click', () => setPanel(panel.hidden, true))
  watchAnswerModes()
  watchCitations()
  watchLengthLimits(document)
  watchShare()
  watchShortcuts(outlet, () => setPanel(false, true))
  void watchLibrary()
  follow()
}
