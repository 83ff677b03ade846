// The session's papers: each with its loading status (queued, loading, loaded with its pages,
// failed with the reason), a link to its PDF when this page can open one, and the upload form
// for a user's own PDF.
import { atPage } from './citations'
import { el, messageOf } from './dom'
import type { PaperRow } from './types'
import { loadProgress, paperStatusText } from './words'

export interface LibraryPanelPorts {
  upload(file: File, title: string | undefined): Promise<void>
  /** Where a paper's PDF opens (page 1), or null when this page cannot open it. */
  pdfOf(paper: PaperRow): string | null
}

export interface LibraryPanel {
  root: HTMLElement
  render(papers: PaperRow[]): void
  /** A line under the list while something loads ('' clears it). */
  setActivity(text: string): void
}

function paperItem(paper: PaperRow, pdf: string | null): HTMLLIElement {
  const title = pdf
    ? el('a', { href: atPage(pdf, 1), target: '_blank', rel: 'noopener', text: paper.title })
    : el('span', { text: paper.title })
  const status = el('span', {
    class: `paper-status status-${paper.status}`,
    text: paperStatusText(paper),
  })
  const kind = paper.arxiv_id ? `arXiv:${paper.arxiv_id}` : 'Uploaded PDF'
  return el('li', { class: `paper paper-${paper.status}`, 'data-paper': paper.id }, [
    el('div', { class: 'paper-title' }, [title]),
    el('div', { class: 'paper-meta' }, [el('span', { text: kind }), status]),
    paper.status === 'loading'
      ? el('div', { class: 'paper-progress', 'aria-hidden': 'true' })
      : null,
  ])
}

export function createLibraryPanel(ports: LibraryPanelPorts): LibraryPanel {
  const list = el('ul', { class: 'papers-list', 'aria-label': 'Papers in this session' })
  const empty = el('p', {
    class: 'papers-empty',
    text: 'No papers yet: load some from a search, or upload a PDF.',
  })
  const progress = el('p', { class: 'papers-progress', role: 'status', 'aria-live': 'polite' })
  const file = el('input', { type: 'file', id: 'papers-file', accept: 'application/pdf,.pdf' })
  const title = el('input', {
    type: 'text',
    id: 'papers-upload-title',
    maxlength: '300',
    placeholder: 'Title (optional)',
  })
  const submit = el('button', { type: 'submit', text: 'Upload PDF' })
  const form = el('form', { class: 'papers-upload', id: 'papers-upload' }, [
    el('label', { for: 'papers-file', text: 'Upload a PDF of your own' }),
    el('div', { class: 'row' }, [file, title, submit]),
  ])
  const activity = el('p', { class: 'papers-activity', 'aria-live': 'polite' })

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    const chosen = file.files?.[0]
    if (!chosen) {
      activity.textContent = 'Choose a PDF first.'
      return
    }
    submit.disabled = true
    activity.textContent = `Uploading and indexing ${chosen.name}…`
    ports
      .upload(chosen, title.value.trim() || undefined)
      .then(() => {
        activity.textContent = `${chosen.name} is loaded.`
        form.reset()
      })
      .catch((error: unknown) => {
        activity.textContent = `Upload failed: ${messageOf(error)}`
      })
      .finally(() => {
        submit.disabled = false
      })
  })

  return {
    root: el('section', { class: 'papers-panel', 'aria-labelledby': 'papers-library-h' }, [
      el('h2', { id: 'papers-library-h', text: 'Your papers' }),
      empty,
      list,
      progress,
      form,
      activity,
    ]),
    render(papers) {
      empty.hidden = papers.length > 0
      list.replaceChildren(...papers.map((p) => paperItem(p, ports.pdfOf(p))))
      const { done, total } = loadProgress(papers)
      progress.textContent =
        total === 0 ? '' : done === total ? '' : `Loading: ${done} of ${total} papers done`
    },
    setActivity(text) {
      activity.textContent = text
    },
  }
}
