// Hash routes: `#/<mode>` (a new session) and `#/<mode>/<session>`, with an optional `?query`
// after them. Pure string work, so it is tested without a DOM.
export interface ShellRoute {
  mode: string
  session?: string
  params: URLSearchParams
}

/** null when the hash is not a route (an in-page anchor such as `#main`). */
export function parseRoute(hash: string): ShellRoute | null {
  if (!hash.startsWith('#/')) return null
  const [path = '', query = ''] = hash.slice(2).split('?', 2)
  const [mode = '', session] = path.split('/').filter(Boolean)
  if (!/^[a-z][a-z0-9-]*$/.test(mode)) return null
  const params = new URLSearchParams(query)
  return session ? { mode, session: decodeURIComponent(session), params } : { mode, params }
}

export function routeHref(mode: string, session?: string): string {
  return session ? `#/${mode}/${encodeURIComponent(session)}` : `#/${mode}`
}
