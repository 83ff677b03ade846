// The document pane: the rendered markdown (sanitised), its outline from the headings, and
// the version list with restore. Selecting text in it offers it as a highlight to attach.
import { renderAnswer } from '../markdown'
import type { DocumentView, VersionView } from './write-api'

export interface DocumentPane {
  root: HTMLElement
  show(doc: DocumentView): void
  showVersions(versions: VersionView[], current: number): void
}

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text = '') {
  const node = document.createElement(tag)
  node.className = className
  if (text) node.textContent = text
  return node
}

export function createDocumentPane(options: {
  onRestore: (version: number) => void
  onHighlight: (text: string) => void
}): DocumentPane {
  const root = el('section', 'write-document')
  root.setAttribute('aria-label', 'Document')
  const outline = el('nav', 'write-outline')
  outline.setAttribute('aria-label', 'Outline')
  const body = el('article', 'write-body')
  const versions = el('ol', 'write-versions')
  versions.setAttribute('aria-label', 'Versions')
  root.append(outline, body, el('h3', 'write-versions-title', 'Versions'), versions)
  body.addEventListener('mouseup', () => {
    const text = window.getSelection()?.toString().trim() ?? ''
    if (text.length >= 3) options.onHighlight(text.slice(0, 2_000))
  })
  return {
    root,
    show(doc) {
      body.innerHTML = doc.markdown.trim()
        ? renderAnswer(doc.markdown, 'doc')
        : '<p class="write-empty">The document is empty. Ask for content in the chat.</p>'
      body.dataset.version = String(doc.version)
      outline.replaceChildren(
        ...doc.structure
          .filter((n) => n.type === 'title' || n.type === 'section' || n.type === 'subsection')
          .map((n) => el('div', `outline-${n.type}`, n.content)),
      )
    },
    showVersions(list, current) {
      versions.replaceChildren(
        ...[...list].reverse().map((v) => {
          const item = el('li', 'write-version')
          item.append(
            el(
              'span',
              '',
              `v${v.version} · ${v.reason} · ${new Date(v.created_at).toLocaleTimeString()}`,
            ),
          )
          if (v.version !== current) {
            const button = el('button', 'write-restore', 'Restore')
            button.type = 'button'
            button.dataset.version = String(v.version)
            button.addEventListener('click', () => options.onRestore(v.version))
            item.append(button)
          } else item.append(el('span', 'badge', 'current'))
          return item
        }),
      )
    },
  }
}
