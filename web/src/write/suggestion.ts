// The pending suggestion card: the diff against where it will go (with what a replacement
// removes), the content with each sentence's source numbers, its sources (unverified ones
// marked), and Approve / Reject / Rewrite.
import { renderAnswer, sourceAnchor } from '../markdown'
import { renderDiff } from './diff-view'
import type { Preview } from './write-api'

export interface PendingView {
  pending_id: string
  document_content: string
  sources: { number: number; title: string; url?: string; verified?: boolean }[]
  revision: number
  /** Each sentence with the numbers of the sources it was written from. */
  attributions?: { text: string; sources: number[] }[]
  /** No source stands behind the content: it is shown, and placed, under a warning. */
  unsourced?: boolean
}

/** The notice an unsourced suggestion carries, on its card and when it is placed. */
const UNSOURCED_WARNING =
  'No sources: nothing in this suggestion comes from the knowledge base, so it will be placed without citations. Check it before you approve it.'

/** The content with "[n]" after each sentence, as the document will cite it once placed. */
function citedContent(pending: PendingView): string {
  let text = pending.document_content
  for (const a of pending.attributions ?? []) {
    if (a.sources.length === 0) continue
    const marks = a.sources.map((n) => `[${n}]`).join('')
    const cited = a.text.replace(/([.!?]["”')\]]*)$/, ` ${marks}$1`)
    text = text.replace(a.text, cited === a.text ? `${a.text} ${marks}` : cited)
  }
  return text
}

export interface SuggestionActions {
  approve: () => void
  reject: () => void
  rewrite: () => void
}

function button(label: string, className: string, onClick: () => void): HTMLButtonElement {
  const b = document.createElement('button')
  b.type = 'button'
  b.className = className
  b.textContent = label
  b.addEventListener('click', onClick)
  return b
}

export function renderSuggestion(
  pending: PendingView,
  preview: Preview | null,
  before: string,
  actions: SuggestionActions,
): HTMLElement {
  const card = document.createElement('section')
  card.className = 'write-suggestion'
  card.setAttribute('aria-label', 'Pending suggestion')
  const title = document.createElement('h2')
  title.textContent = `Suggestion (revision ${pending.revision}) — awaiting approval`
  card.append(title)
  if (pending.unsourced) {
    const warn = document.createElement('p')
    warn.className = 'write-unsourced'
    warn.setAttribute('role', 'note')
    warn.textContent = UNSOURCED_WARNING
    card.append(warn)
  }
  if (preview) {
    const where = document.createElement('p')
    where.className = 'write-where'
    const by = preview.placement.decided_by === 'deterministic' ? ' (deterministic placement)' : ''
    const reason = preview.placement.reason
    const why = reason ? ` ${reason.charAt(0).toUpperCase()}${reason.slice(1)}` : ''
    where.textContent = `Goes: ${preview.placement.action.replace(/_/g, ' ')}${by}.${why}`
    card.append(where)
    for (const removed of preview.placement.removed ?? []) {
      const warn = document.createElement('p')
      warn.className = 'write-removed'
      warn.textContent = `Will remove: ${removed}`
      card.append(warn)
    }
    card.append(renderDiff(before, preview.document.markdown))
  } else {
    const pre = document.createElement('pre')
    pre.textContent = pending.document_content
    card.append(pre)
  }
  if (pending.attributions?.length) {
    const cited = document.createElement('div')
    cited.className = 'write-cited'
    cited.setAttribute('aria-label', 'The suggestion with its sources')
    cited.innerHTML = renderAnswer(citedContent(pending), 'pending')
    card.append(cited)
  }
  if (pending.sources.length) {
    const list = document.createElement('ol')
    list.className = 'write-sources'
    for (const s of pending.sources) {
      const li = document.createElement('li')
      li.id = sourceAnchor('pending', s.number)
      li.value = s.number
      li.textContent = s.title
      if (s.verified === false) {
        const badge = document.createElement('span')
        badge.className = 'badge write-unverified'
        badge.textContent = 'unverified: not retrieved by Quire'
        li.append(' ', badge)
      }
      list.append(li)
    }
    card.append(list)
  }
  const row = document.createElement('div')
  row.className = 'write-actions'
  row.append(
    button('Approve', 'write-approve', actions.approve),
    button('Reject', 'write-reject', actions.reject),
    button('Rewrite', 'write-rewrite', actions.rewrite),
  )
  card.append(row)
  return card
}
