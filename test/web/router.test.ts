// The shell's hash routes (web/src/shell/router.ts, imported alone: the shell's index needs a DOM).
import { describe, expect, it } from 'vitest'
import { parseRoute, routeHref } from '../../web/src/shell/router'

describe('parseRoute', () => {
  it('reads a mode with no session as a new session', () => {
    const route = parseRoute('#/ask')
    expect(route?.mode).toBe('ask')
    expect(route?.session).toBeUndefined()
  })

  it('reads the session and the query after it', () => {
    const route = parseRoute('#/write/abc-123?tab=refs')
    expect(route?.mode).toBe('write')
    expect(route?.session).toBe('abc-123')
    expect(route?.params.get('tab')).toBe('refs')
  })

  it('treats in-page anchors and malformed modes as not routes', () => {
    for (const hash of ['', '#', '#main', '#turn-1-source-2', '#/', '#/../x', '#/Ask!']) {
      expect(parseRoute(hash), hash).toBeNull()
    }
  })

  it('round-trips a session id that needs escaping', () => {
    const href = routeHref('debate', 'a b/c')
    expect(parseRoute(href)?.session).toBe('a b/c')
  })
})
