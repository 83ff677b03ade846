// The debate cards as rendered, for the browser tests: each card's verdict badges, argument,
// the [n] its argument cites, the markers each reference is labelled with, how many
// References sections it has, and any [n] whose target is missing from the page.
import type { Page } from 'playwright-core'

export interface CardView {
  badges: string[]
  prose: string
  cited: number[]
  listed: number[][]
  headings: number
  unresolved: string[]
}

/** In-page code is a string: tsx would otherwise wrap named functions in a helper. */
const READ = `[...document.querySelectorAll('.debate-card')].map((card) => {
  const links = [...card.querySelectorAll('.debate-body sup.cite a')]
  return {
    badges: [...card.querySelectorAll('.debate-badges .badge')].map((b) => b.textContent),
    prose: (card.querySelector('.debate-body')?.textContent ?? '').replace(/\\s+/g, ' ').trim(),
    cited: [...new Set(links.map((a) => Number(a.textContent)))],
    listed: [...card.querySelectorAll('.debate-reference .reference-number')].map((label) =>
      (label.textContent.match(/\\d+/g) ?? []).map(Number)),
    headings: [...card.querySelectorAll('h4, p, li')].filter((node) =>
      /^References \\(APA 7\\)$/.test((node.textContent ?? '').trim())).length,
    unresolved: links.filter((a) => !document.getElementById(decodeURIComponent(a.hash.slice(1))))
      .map((a) => a.textContent),
  }
})`

export function debateCards(page: Page): Promise<CardView[]> {
  return page.evaluate(READ) as Promise<CardView[]>
}
