// "Share": makes a read-only link to the open session (POST /api/sessions/:id/share with the
// session's token) and shows it with Copy; the link reveals no token and accepts no writes.
import { findSession } from '../session-list'

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T

async function createShare(sessionId: string): Promise<string> {
  const session = findSession(sessionId)
  if (!session) throw new Error('This browser has no token for this session.')
  const res = await fetch(`/api/sessions/${encodeURIComponent(session.id)}/share`, {
    method: 'POST',
    headers: { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' },
    body: '{}',
  })
  const body = (await res.json().catch(() => null)) as {
    url?: string
    error?: { message?: string }
  } | null
  if (!res.ok || !body?.url)
    throw new Error(body?.error?.message ?? `Sharing failed (${res.status})`)
  return new URL(body.url, location.origin).href
}

/** Shows Share only when the route's session is one this browser holds the token of. */
export function showShareFor(sessionId: string | undefined): void {
  const button = byId<HTMLButtonElement>('share-session')
  button.hidden = !sessionId || !findSession(sessionId)
  button.dataset.session = sessionId ?? ''
  byId<HTMLElement>('share-box').hidden = true
}

export function watchShare(): void {
  const button = byId<HTMLButtonElement>('share-session')
  const box = byId<HTMLElement>('share-box')
  const field = byId<HTMLInputElement>('share-url')
  const note = byId<HTMLElement>('share-note')
  button.addEventListener('click', async () => {
    const sessionId = button.dataset.session
    if (!sessionId) return
    box.hidden = false
    field.value = ''
    note.textContent = 'Making a read-only link…'
    try {
      field.value = await createShare(sessionId)
      note.textContent = 'Anyone with this link can read this session; it cannot be changed.'
      field.select()
    } catch (error) {
      note.textContent = (error as Error).message
    }
  })
  byId<HTMLButtonElement>('share-copy').addEventListener('click', async () => {
    if (!field.value) return
    await navigator.clipboard?.writeText(field.value).catch(() => undefined)
    note.textContent = 'Link copied.'
  })
  byId<HTMLButtonElement>('share-close').addEventListener('click', () => {
    box.hidden = true
    button.focus()
  })
}
