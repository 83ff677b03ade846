// Citations in any mode's view: clicking `[n]` (or any in-page anchor) scrolls to and
// highlights its target without touching the route; hovering or focusing `[n]` previews the
// cited passage; `]` / `[` step through the citations in reading order.
const CITE = 'sup.cite a'
/** The citation whose preview is showing: a scroll moves the preview with it. */
let previewed: HTMLAnchorElement | null = null
const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T

function targetOf(link: HTMLAnchorElement): HTMLElement | null {
  const hash = link.getAttribute('href') ?? ''
  return hash.startsWith('#') && !hash.startsWith('#/')
    ? document.getElementById(decodeURIComponent(hash.slice(1)))
    : null
}

/**
 * Keeps a scrolled-to target clear of the composer docked over the page's bottom (fixed, on
 * phones and in Ask): the page's scroll padding is the height it covers, measured now, since
 * the composer grows with its text.
 */
function clearDockedComposer(): void {
  const dock = document.querySelector('[data-composer]')?.closest('form')
  const covered =
    dock && getComputedStyle(dock).position === 'fixed'
      ? Math.max(0, window.innerHeight - dock.getBoundingClientRect().top)
      : 0
  // A little air between the card and the composer's edge.
  document.documentElement.style.scrollPaddingBottom = `${Math.ceil(covered) + (covered ? 8 : 0)}px`
}

function highlight(card: HTMLElement): void {
  for (const old of document.querySelectorAll('.is-highlighted')) {
    old.classList.remove('is-highlighted')
  }
  card.classList.add('is-highlighted')
  clearDockedComposer()
  card.scrollIntoView({ behavior: 'smooth', block: 'nearest' })
}

function showPreview(link: HTMLAnchorElement): void {
  const card = targetOf(link)
  const preview = byId<HTMLElement>('cite-preview')
  const title = card?.querySelector('.source-title, a')?.textContent ?? ''
  const passage = card?.dataset.snippet ?? ''
  if (!card || (!title && !passage)) return hidePreview()
  preview.replaceChildren()
  const head = document.createElement('strong')
  head.textContent = title
  const body = document.createElement('span')
  body.textContent = passage ? `“${passage.slice(0, 400)}${passage.length > 400 ? '…' : ''}”` : ''
  preview.append(head, body)
  previewed = link
  placePreview(preview, link)
  preview.hidden = false
  link.setAttribute('aria-describedby', 'cite-preview')
}

function placePreview(preview: HTMLElement, link: HTMLAnchorElement): void {
  const box = link.getBoundingClientRect()
  const left = Math.min(Math.max(8, box.left - 40), window.innerWidth - 340)
  preview.style.left = `${Math.max(8, left)}px`
  preview.style.top = `${box.bottom + 6}px`
}

/**
 * A scroll (the reader's, or the smooth one a citation click starts) keeps the preview beside
 * its citation while that is on screen, and hides it once the citation has left the view.
 */
function followScroll(): void {
  const link = previewed
  if (!link) return
  const box = link.getBoundingClientRect()
  if (!link.isConnected || box.bottom < 0 || box.top > window.innerHeight) return hidePreview()
  placePreview(byId<HTMLElement>('cite-preview'), link)
}

export function hidePreview(): void {
  previewed = null
  byId<HTMLElement>('cite-preview').hidden = true
}

/** Focuses the next (+1) or previous (-1) citation of the page and highlights its source. */
export function stepCitation(outlet: HTMLElement, delta: 1 | -1): void {
  const links = [...outlet.querySelectorAll<HTMLAnchorElement>(CITE)]
  if (links.length === 0) return
  const at = links.indexOf(document.activeElement as HTMLAnchorElement)
  const next =
    at < 0 ? (delta > 0 ? 0 : links.length - 1) : (at + delta + links.length) % links.length
  const link = links[next] as HTMLAnchorElement
  link.focus()
  const card = targetOf(link)
  if (card) highlight(card)
  showPreview(link)
}

export function watchCitations(): void {
  document.addEventListener('click', (event) => {
    const link = (event.target as Element | null)?.closest?.('a')
    const target = link ? targetOf(link) : null
    if (!link || !target) return
    // In-page anchors must not replace the `#/mode/session` route.
    event.preventDefault()
    if (link.matches(CITE)) highlight(target)
    else {
      clearDockedComposer()
      target.scrollIntoView({ block: 'start' })
    }
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1')
    if (!link.matches(CITE)) target.focus({ preventScroll: true })
  })
  const onEnter = (event: Event) => {
    const link = (event.target as Element | null)?.closest?.(CITE)
    if (link) showPreview(link as HTMLAnchorElement)
  }
  const onLeave = (event: Event) => {
    if ((event.target as Element | null)?.closest?.(CITE)) hidePreview()
  }
  document.addEventListener('mouseover', onEnter)
  document.addEventListener('focusin', onEnter)
  document.addEventListener('mouseout', onLeave)
  document.addEventListener('focusout', onLeave)
  window.addEventListener('scroll', followScroll, { passive: true })
}
