// The Papers mode mounted into a root element: discovery and the session's papers on one side,
// the chat on the other, with the mode badge and the quota left above. Returns the unmount.
import { fetchHealth } from '../api'
import { reportAnswerMode } from '../app-events'
import { foreignSessionNotice } from '../foreign-session'
import type { ModeRoute } from '../mode-route'
import { loadSession } from '../session'
import { readSessionHistory } from '../session-history'
import { openRouteSession } from '../session-list'
import { createBrainPanel } from './brain-panel'
import { createChatPanel } from './chat-panel'
import { atPage } from './citations'
import { PapersClient } from './client'
import { el, messageOf } from './dom'
import { createLibraryPanel } from './library-panel'
import { storedPdfPath } from './pdf-links'
import { createPdfOpener } from './pdf-opener'
import { createSearchPanel } from './search-panel'
import { storedPaperChat } from './stored-chat'
import type { AnswerMode, PaperRow, QuotaView } from './types'
import { MODE_LABELS, modeExplanation, quotaLines } from './words'
import './papers.css'

const POLL_MS = 1000
/** The queue retries a flaky PDF host with backoff; the view stops waiting after this. */
const LOAD_WAIT_MS = 5 * 60_000

export function mount(root: HTMLElement, route: ModeRoute): () => void {
  openRouteSession(route.session)
  const controller = new AbortController()
  const client = new PapersClient(controller.signal)
  // Kept PDFs open through the session's token; arXiv papers keep their public link.
  const pdfOpener = createPdfOpener((paperId) => client.pdf(paperId))
  let papers: PaperRow[] = []
  let quota: QuotaView | null = null
  const timers = new Set<ReturnType<typeof setInterval>>()

  const badge = el('span', { class: 'mode-badge', id: 'papers-mode', text: 'Checking…' })
  const modeNote = el('span', { class: 'mode-note' })
  const quotaList = el('ul', {
    class: 'papers-quota',
    id: 'papers-quota',
    'aria-label': 'Quota left',
  })
  const setMode = (mode: AnswerMode | null) => {
    badge.textContent = mode ? MODE_LABELS[mode] : 'Mode unknown'
    badge.dataset.mode = mode ?? 'unknown'
    modeNote.textContent = mode
      ? modeExplanation(mode)
      : 'The server did not say whether a model is configured.'
  }
  const renderQuota = () => {
    const lines = quota ? quotaLines(quota, Date.now()) : []
    quotaList.replaceChildren(...lines.map((line) => el('li', { text: line })))
  }

  const pdfOf = (paper: PaperRow) => {
    if (paper.pdf_url) return paper.pdf_url
    const session = client.sessionId
    return paper.stored && session ? storedPdfPath(session, paper.id) : null
  }
  const hrefOf = (paperId: string, page: number) => {
    const paper = papers.find((p) => p.id === paperId)
    const pdf = paper ? pdfOf(paper) : null
    return pdf ? atPage(pdf, page) : null
  }

  const refresh = async () => {
    const list = await client.list()
    papers = list.papers
    quota = list.quota
    library.render(papers)
    renderQuota()
  }
  const refreshQuietly = () => void refresh().catch(() => undefined)

  /** Polls the papers' statuses while `work` runs, so each paper's progress shows as it moves. */
  async function tracked<T>(work: Promise<T>): Promise<T> {
    const timer = setInterval(refreshQuietly, POLL_MS)
    timers.add(timer)
    try {
      return await work
    } finally {
      clearInterval(timer)
      timers.delete(timer)
      await refresh().catch(() => undefined)
    }
  }

  /** Loads run on the ingest queue: waits until every queued paper is loaded or failed. */
  async function settled(queued: PaperRow[]): Promise<PaperRow[]> {
    const ids = new Set(queued.map((p) => p.id))
    const deadline = Date.now() + LOAD_WAIT_MS
    for (;;) {
      const mine = (await client.list()).papers.filter((p) => ids.has(p.id))
      const busy = mine.some((p) => p.status === 'queued' || p.status === 'loading')
      if (!busy || Date.now() > deadline || controller.signal.aborted) return mine
      await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    }
  }

  const library = createLibraryPanel({
    pdfOf,
    async upload(file, title) {
      const paper = await tracked(client.upload(file, title))
      pdfOpener.remember(paper.id, file)
      library.render(papers)
    },
  })
  const agent = createBrainPanel({
    brain: (message, onPacket) => tracked(client.brain(message, onPacket)),
    after: refreshQuietly,
  })
  const search = createSearchPanel({
    agent,
    async search(query) {
      const result = await client.search(query)
      if (result.mode) setMode(result.mode)
      quota = result.quota
      renderQuota()
      return result
    },
    async load(indices) {
      library.setActivity(`Loading ${indices.length} paper${indices.length === 1 ? '' : 's'}…`)
      try {
        // Each status line from the load's stream is the progress text; a load that has not
        // settled on the stream (or a server answering 202 JSON) is polled to the end.
        const progress = (message: string) => {
          library.setActivity(message)
          refreshQuietly()
        }
        const done = await tracked(
          client
            .load(indices, progress)
            .then((outcome) => (outcome.settled ? outcome.papers : settled(outcome.papers))),
        )
        const failed = done.filter((p) => p.status === 'failed').length
        library.setActivity(
          failed === 0
            ? 'Loaded.'
            : `${failed} of ${done.length} could not be loaded: see the list.`,
        )
      } catch (error) {
        library.setActivity(`Loading failed: ${messageOf(error)}`)
      }
    },
  })
  const chat = createChatPanel({
    chat: (message, onPacket) => client.chat(message, onPacket),
    hrefOf,
    onResult(result) {
      setMode(result.mode)
      // The header badge tells the same story as the answer (a degraded answer shows there too).
      reportAnswerMode({
        mode: result.mode,
        fallbacks: (result.fallbacks ?? []).map((f) =>
          typeof f === 'string' ? { stage: f, reason: '' } : f,
        ),
      })
      refreshQuietly()
    },
  })

  const query = route.params.get('q')
  if (query) search.querySelector<HTMLInputElement>('#papers-query')?.setAttribute('value', query)

  const foreign = foreignSessionNotice(route, {
    holds: 'papers and chat',
    next: 'A search, an upload or a question here starts a new session.',
  })
  root.replaceChildren(
    el('div', { class: 'papers-view' }, [
      el('h1', { class: 'mode-title', text: 'Chat across papers' }),
      el('p', {
        class: 'mode-lede',
        text:
          'Find papers on arXiv or upload your own PDFs, then ask across them: every answer cites ' +
          'the paper and the page it comes from, and Quire checks that the page says it.',
      }),
      foreign,
      el('div', { class: 'papers-bar' }, [
        el('div', { class: 'papers-mode' }, [badge, modeNote]),
        quotaList,
      ]),
      el('div', { class: 'papers-columns' }, [
        el('div', { class: 'papers-side' }, [search, library.root]),
        chat.root,
      ]),
    ]),
  )
  pdfOpener.attach(root, controller.signal)
  void fetchHealth().then((health) => setMode(health.mode))
  // A session is made by the first search, upload or question, never by a visit; a reopened
  // one shows its papers, quotas and chat as the server holds them.
  const reopened = loadSession()
  if (reopened) {
    void refresh()
      .then(() => readSessionHistory(reopened))
      .then((history) => {
        if (controller.signal.aborted) return
        for (const turn of storedPaperChat(history?.messages ?? []))
          chat.showPast(turn.question, turn.result)
      })
      .catch(() => undefined)
  }
  const clock = setInterval(renderQuota, 30_000)
  timers.add(clock)

  return () => {
    controller.abort()
    for (const timer of timers) clearInterval(timer)
    pdfOpener.dispose()
    root.replaceChildren()
  }
}
