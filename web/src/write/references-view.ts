// The document's References, as the server built them from the text present now: APA entries
// (numbered to match "[n]" in the text, or in APA order for author–year), each marked when
// Quire never retrieved the work or the library lacks some of its metadata.
import { renderAnswer, sourceAnchor } from '../markdown'
import type { ReferenceView } from './write-api'

function entry(ref: ReferenceView): HTMLLIElement {
  const item = document.createElement('li')
  item.className = 'write-reference'
  if (ref.number !== null) {
    item.id = sourceAnchor('doc', ref.number)
    item.value = ref.number
  }
  const text = document.createElement('span')
  // The entry is Markdown (italic titles); renderAnswer sanitises it.
  text.innerHTML = renderAnswer(ref.apa, 'ref').replace(/^<p>|<\/p>\s*$/g, '')
  item.append(text)
  if (!ref.verified) {
    const badge = document.createElement('span')
    badge.className = 'badge write-unverified'
    badge.textContent = 'unverified: not retrieved by Quire'
    item.append(' ', badge)
  }
  if (ref.missing.length) {
    const note = document.createElement('span')
    note.className = 'write-incomplete'
    note.textContent = `metadata incomplete: no ${ref.missing.join(', ')}`
    item.append(' ', note)
  }
  return item
}

export function renderReferences(refs: ReferenceView[]): HTMLElement {
  const section = document.createElement('section')
  section.className = 'write-references'
  section.setAttribute('aria-label', 'References')
  if (refs.length === 0) return section
  const title = document.createElement('h2')
  title.textContent = 'References'
  const numbered = refs.every((r) => r.number !== null)
  const list = document.createElement(numbered ? 'ol' : 'ul')
  list.append(...refs.map(entry))
  section.append(title, list)
  return section
}
