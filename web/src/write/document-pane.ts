// The document pane: the rendered markdown (sanitised) with its in-text citations and
// References, its outline from the headings, the citation style, the version list with
// restore, an editor for the user's own text (saved as a new version; citations are never
// written into it) and the exports. Selecting text in it offers it as a highlight to attach.
import { renderAnswer } from '../markdown'
import { renderReferences } from './references-view'
import type { CitationStyle, CitedView, DocumentView, VersionView } from './write-api'

export interface DocumentPane {
  root: HTMLElement
  /** The edit and export buttons: their errors show right under them. */
  toolbar: HTMLElement
  /** The version list: a failed restore says so right under it. */
  versions: HTMLElement
  show(doc: DocumentView): void
  /** The same text with its citations and References, once they are formatted. */
  showCited(cited: CitedView, version: number): void
  showVersions(versions: VersionView[], current: number): void
}

export type ExportFormat = 'md' | 'bib'

function el<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text = '') {
  const node = document.createElement(tag)
  node.className = className
  if (text) node.textContent = text
  return node
}

function button(className: string, label: string, onClick: () => void): HTMLButtonElement {
  const node = el('button', className, label)
  node.type = 'button'
  node.addEventListener('click', onClick)
  return node
}

export function createDocumentPane(options: {
  onRestore: (version: number) => void
  onHighlight: (text: string) => void
  /** Resolves once the text is stored; a rejection keeps the editor open with the text. */
  onSave: (markdown: string) => Promise<void>
  onExport: (format: ExportFormat) => void
  onStyle: (style: CitationStyle) => void
}): DocumentPane {
  const root = el('section', 'write-document')
  root.setAttribute('aria-label', 'Document')
  const outline = el('nav', 'write-outline')
  outline.setAttribute('aria-label', 'Outline')
  const body = el('article', 'write-body')
  const versions = el('ol', 'write-versions')
  versions.setAttribute('aria-label', 'Versions')
  const editor = el('textarea', 'write-editor')
  editor.setAttribute('aria-label', 'Document text (Markdown)')
  editor.hidden = true
  let markdown = ''
  const editButton = button('write-edit', 'Edit text', () => {
    editing(editor.hidden)
    if (!editor.hidden) {
      editor.value = markdown
      editor.focus()
    }
  })
  const saveButton = button('write-save', 'Save as new version', () => {
    saveButton.disabled = true
    options
      .onSave(editor.value)
      .then(() => editing(false))
      .catch(() => undefined)
      .finally(() => (saveButton.disabled = false))
  })
  const exportButton = (format: ExportFormat, label: string) => {
    const node = button('write-export', label, () => options.onExport(format))
    node.dataset.format = format
    return node
  }
  const style = el('select', 'write-style')
  style.setAttribute('aria-label', 'Citation style')
  style.innerHTML =
    '<option value="numbered">Citations: numbered</option><option value="author-year">Citations: author–year</option>'
  style.addEventListener('change', () =>
    options.onStyle(style.value === 'author-year' ? 'author-year' : 'numbered'),
  )
  const toolbar = el('div', 'write-toolbar')
  toolbar.append(
    editButton,
    saveButton,
    style,
    exportButton('md', 'Export Markdown'),
    exportButton('bib', 'Export BibTeX'),
  )
  let references = renderReferences([])
  function editing(on: boolean): void {
    editor.hidden = !on
    body.hidden = on
    references.hidden = on
    saveButton.hidden = !on
    editButton.textContent = on ? 'Cancel editing' : 'Edit text'
  }
  editing(false)
  root.append(
    toolbar,
    outline,
    body,
    references,
    editor,
    el('h2', 'write-versions-title', 'Versions'),
    versions,
  )
  body.addEventListener('mouseup', () => {
    const text = window.getSelection()?.toString().trim() ?? ''
    if (text.length >= 3) options.onHighlight(text.slice(0, 2_000))
  })
  return {
    root,
    toolbar,
    versions,
    show(doc) {
      markdown = doc.markdown
      body.innerHTML = doc.markdown.trim()
        ? renderAnswer(doc.markdown, 'doc')
        : '<p class="write-empty">The document is empty. Ask for content in the chat, or paste your draft with Edit text.</p>'
      body.dataset.version = String(doc.version)
      // The References of the text before would be stale: they come back with showCited.
      delete body.dataset.cited
      const cleared = renderReferences([])
      references.replaceWith(cleared)
      references = cleared
      outline.replaceChildren(
        ...doc.structure
          .filter((n) => n.type === 'title' || n.type === 'section' || n.type === 'subsection')
          .map((n) => el('div', `outline-${n.type}`, n.content)),
      )
    },
    showCited(cited, version) {
      // A slower answer for an older version must not cover a newer one.
      if (body.dataset.version !== String(version)) return
      if (cited.markdown.trim()) body.innerHTML = renderAnswer(cited.markdown, 'doc')
      body.dataset.cited = 'true'
      const next = renderReferences(cited.references)
      references.replaceWith(next)
      references = next
      references.hidden = body.hidden
      style.value = cited.style
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
