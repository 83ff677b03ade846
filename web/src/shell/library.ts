// The page-level notices from /health: offline mode spelled out (not only in a tooltip) and,
// while the demo corpus is seeding, a progress bar with "Loading the demo library (n of 5,183)…"
// until it is ready.
import { fetchHealth } from '../api'
import type { HealthView } from '../types'
import { showHealthMode } from './badge'

/** How often the page asks /health while the library is loading. */
const POLL_MS = 1500
/** Polls stop after this many, so a tab left open does not poll a stuck seed forever. */
const MAX_POLLS = 2400
/** An empty library may be about to seed (`npm start` queues it just after the server is up). */
const EMPTY_POLLS = 20

const byId = <T extends HTMLElement>(id: string) => document.getElementById(id) as T
const count = (n: number) => n.toLocaleString('en-US')

function showCorpus(corpus: HealthView['corpus']): boolean {
  const notice = byId<HTMLElement>('library-notice')
  const bar = byId<HTMLProgressElement>('library-bar')
  if (corpus?.state !== 'seeding') {
    notice.hidden = true
    return false
  }
  const loaded = corpus.total !== null ? Math.min(corpus.sources, corpus.total) : corpus.sources
  const progress = corpus.total !== null ? ` (${count(loaded)} of ${count(corpus.total)})` : ''
  byId<HTMLElement>('library-progress').textContent = `Loading the demo library${progress}…`
  // Without a known total the bar is indeterminate rather than a made-up fraction.
  if (corpus.total) {
    bar.max = corpus.total
    bar.value = loaded
  } else bar.removeAttribute('value')
  notice.hidden = false
  return true
}

/** Shows the mode once, then follows the corpus until it is ready. */
export async function watchLibrary(): Promise<void> {
  const first = await fetchHealth()
  showHealthMode(first)
  let corpus = first.corpus
  let seeding = showCorpus(corpus)
  const isWaiting = (polls: number) => seeding || (corpus?.sources === 0 && polls < EMPTY_POLLS)
  for (let polls = 0; isWaiting(polls) && polls < MAX_POLLS; polls += 1) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS))
    const health = await fetchHealth()
    // A failed poll (null corpus) keeps the notice as it was rather than claiming readiness.
    if (!health.corpus) continue
    corpus = health.corpus
    seeding = showCorpus(corpus)
  }
}
