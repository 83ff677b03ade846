// "Share": shows the open session's read-only link (an existing live one, or a new one when it
// has none), with Copy, and lists every link of the session with its expiry and state; a live
// link can be revoked here and stops opening at once. Links reveal no token and accept no writes.
import { findSession } from '../session-list'
import { createShare, listShares, revokeShare, type ShareLink } from './share-api'

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T

function when(ms: number): string {
  return new Date(ms).toLocaleString(undefined, {
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  })
}

function stateOf(link: ShareLink): 'active' | 'revoked' | 'expired' {
  if (link.revoked_at !== null) return 'revoked'
  return link.active ? 'active' : 'expired'
}

function describe(link: ShareLink): string {
  const made = `Made ${when(link.created_at)}`
  const state = stateOf(link)
  if (state === 'revoked') return `${made} · revoked ${when(link.revoked_at ?? 0)}`
  if (state === 'expired') return `${made} · expired ${when(link.expires_at ?? 0)}`
  return `${made} · ${link.expires_at === null ? 'no expiry' : `expires ${when(link.expires_at)}`}`
}

/** The link to show: a live one without expiry first, else the live one lasting longest. */
function liveLink(links: ShareLink[]): ShareLink | undefined {
  const live = links.filter((l) => l.active && l.url)
  return live.sort((a, b) => (b.expires_at ?? Infinity) - (a.expires_at ?? Infinity))[0]
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
  const list = byId<HTMLUListElement>('share-list')
  const another = byId<HTMLButtonElement>('share-new')
  const session = () => button.dataset.session ?? ''

  function showLinks(links: ShareLink[]): void {
    list.replaceChildren(
      ...[...links].reverse().map((link) => {
        const item = document.createElement('li')
        item.className = 'share-item'
        item.dataset.state = stateOf(link)
        item.dataset.share = link.share_id
        const text = document.createElement('span')
        text.textContent = describe(link)
        item.append(text)
        if (link.active) {
          const revoke = document.createElement('button')
          revoke.type = 'button'
          revoke.className = 'link-button share-revoke'
          revoke.textContent = 'Revoke'
          revoke.setAttribute('aria-label', `Revoke the link made ${when(link.created_at)}`)
          revoke.addEventListener('click', () => void revoked(link))
          item.append(revoke)
        }
        return item
      }),
    )
    const live = liveLink(links)
    field.value = live?.url ?? ''
    another.hidden = Boolean(live)
  }

  async function open(mint: boolean): Promise<void> {
    box.hidden = false
    note.textContent = 'Reading this session’s links…'
    try {
      let links = await listShares(session())
      const existing = liveLink(links)
      if (!existing && mint) {
        note.textContent = 'Making a read-only link…'
        await createShare(session())
        links = await listShares(session())
      }
      showLinks(links)
      note.textContent = field.value
        ? 'Anyone with this link can read this session; it cannot be changed.'
        : 'This session has no live link.'
      if (field.value) field.select()
    } catch (error) {
      note.textContent = (error as Error).message
    }
  }

  async function revoked(link: ShareLink): Promise<void> {
    try {
      await revokeShare(session(), link.share_id)
      showLinks(await listShares(session()))
      note.textContent = 'Revoked: that link no longer opens.'
    } catch (error) {
      note.textContent = (error as Error).message
    }
  }

  button.addEventListener('click', () => void open(true))
  another.addEventListener('click', async () => {
    try {
      await createShare(session())
      await open(false)
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
