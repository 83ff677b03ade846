// Paper Brain's search panel: a query box, then the top results with checkboxes, authors, year
// and abstract, and a button that loads the checked ones.
import { el, messageOf } from './dom'
import type { PaperHit, SearchResult } from './types'
import { searchSummary } from './words'

export interface SearchPanelPorts {
  search(query: string): Promise<SearchResult>
  load(indices: number[]): Promise<void>
  /** The agent's form, under the search (it searches and loads by itself). */
  agent?: HTMLElement
}

function authorsText(authors: string[]): string {
  if (authors.length === 0) return 'Authors unknown'
  return authors.length > 4 ? `${authors.slice(0, 4).join(', ')} et al.` : authors.join(', ')
}

function hitItem(hit: PaperHit): HTMLLIElement {
  const id = `paper-hit-${hit.index}`
  const box = el('input', { type: 'checkbox', id, value: String(hit.index), class: 'hit-check' })
  const abstract = el('p', { class: 'hit-abstract', text: hit.abstract })
  const more = el('button', { type: 'button', class: 'link-button', text: 'Show more' })
  more.addEventListener('click', () => {
    const open = abstract.classList.toggle('open')
    more.textContent = open ? 'Show less' : 'Show more'
  })
  return el('li', { class: 'hit' }, [
    box,
    el('div', { class: 'hit-body' }, [
      el('label', { for: id, class: 'hit-title', text: `${hit.index}. ${hit.title}` }),
      el('div', { class: 'hit-meta' }, [
        el('span', { text: authorsText(hit.authors) }),
        el('span', { text: hit.year === null ? 'year unknown' : String(hit.year) }),
        el('a', {
          href: hit.abs_url,
          target: '_blank',
          rel: 'noopener',
          text: `arXiv:${hit.arxiv_id}`,
        }),
      ]),
      abstract,
      more,
    ]),
  ])
}

export function createSearchPanel(ports: SearchPanelPorts): HTMLElement {
  const input = el('input', {
    id: 'papers-query',
    type: 'search',
    maxlength: '500',
    minlength: '2',
    required: '',
    placeholder: 'A topic, a question, or a paper title',
  })
  const submit = el('button', { type: 'submit', text: 'Search arXiv' })
  const form = el('form', { class: 'papers-search-form', role: 'search' }, [
    el('label', { for: 'papers-query', text: 'Find papers' }),
    el('div', { class: 'row' }, [input, submit]),
  ])
  const info = el('p', { class: 'papers-info', 'aria-live': 'polite' })
  const list = el('ol', { class: 'hits', 'aria-label': 'Search results' })
  const loadButton = el('button', { type: 'button', id: 'papers-load', text: 'Load selected' })
  loadButton.disabled = true
  const footer = el('div', { class: 'hits-actions' }, [loadButton])
  footer.hidden = true

  const checked = () =>
    [...list.querySelectorAll<HTMLInputElement>('.hit-check:checked')].map((b) => Number(b.value))
  list.addEventListener('change', () => {
    const n = checked().length
    loadButton.disabled = n === 0
    loadButton.textContent = n === 0 ? 'Load selected' : `Load ${n} selected`
  })

  form.addEventListener('submit', (event) => {
    event.preventDefault()
    const query = input.value.trim()
    if (query.length < 2) return
    submit.disabled = true
    info.textContent = 'Searching arXiv…'
    ports
      .search(query)
      .then((result) => {
        info.textContent = searchSummary(result)
        list.replaceChildren(...result.papers.map(hitItem))
        footer.hidden = result.papers.length === 0
        loadButton.disabled = true
        loadButton.textContent = 'Load selected'
      })
      .catch((error: unknown) => {
        info.textContent = `Search failed: ${messageOf(error)}`
      })
      .finally(() => {
        submit.disabled = false
      })
  })

  loadButton.addEventListener('click', () => {
    const indices = checked()
    if (indices.length === 0) return
    loadButton.disabled = true
    void ports.load(indices).finally(() => {
      loadButton.disabled = checked().length === 0
    })
  })

  return el('section', { class: 'papers-panel', 'aria-labelledby': 'papers-search-h' }, [
    el('h2', { id: 'papers-search-h', text: 'Discover' }),
    form,
    info,
    list,
    footer,
    ports.agent,
  ])
}
