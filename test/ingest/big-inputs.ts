// Worst-case inputs for the stretch tests, built deterministically: ~2 MB of varied prose, a
// ~2 MB run with no whitespace, and a large HTML page (under safeFetch's 5 MiB cap); and the
// PDF.js warm-up before a measured PDF run.
import { extractPdfPages, type SafeFetch } from '../../workers/sources'
import { seededRandom as random } from '../fixtures/seeded-random'

const SYLLABLES = 'ka lo mi ne ru sa ti vo xe ba de fi gu ho ja pe qu ra si to un ve wi zo'.split(
  ' ',
)

/** Sentences of 6–20 words from a vocabulary of ~20k invented words, five to a paragraph. */
function paragraphs(bytes: number, seed: number): string[] {
  const next = random(seed)
  const pick = <T>(xs: T[]) => xs[Math.floor(next() * xs.length)] as T
  const word = () =>
    Array.from({ length: 1 + Math.floor(next() * 3) }, () => pick(SYLLABLES)).join('')
  const sentence = () => {
    const words = Array.from({ length: 6 + Math.floor(next() * 15) }, word)
    const first = words[0] ?? 'ka'
    words[0] = first[0]?.toUpperCase() + first.slice(1)
    return `${words.join(' ')}.`
  }
  const out: string[] = []
  let size = 0
  while (size < bytes) {
    const p = Array.from({ length: 5 }, sentence).join(' ')
    out.push(p)
    size += p.length + 2
  }
  return out
}

/** ~`bytes` of ASCII prose in paragraphs. */
export function bigProse(bytes: number, seed = 7): string {
  return paragraphs(bytes, seed).join('\n\n').slice(0, bytes)
}

/** ~`bytes` with no whitespace at all: one repetitive "word" the chunker must force-cut. */
export function bigUnbroken(bytes: number): string {
  return 'abcdefghij0123456789'.repeat(Math.ceil(bytes / 20)).slice(0, bytes)
}

/** An HTML page of ~`bytes`: nav, script and style noise around many article paragraphs. */
export function bigHtml(bytes: number, seed = 11): string {
  const body = paragraphs(bytes * 0.8, seed)
    .map((p, i) =>
      i % 20 === 0
        ? `<h2>Part ${i / 20}</h2>\n<p>${p}</p>`
        : `<p>${p} <a href="/x${i}">link</a></p>`,
    )
    .join('\n')
  return `<!doctype html><html><head><title>A very long page</title>
<style>${'p{margin:0}'.repeat(2000)}</style><script>${'var x=1;'.repeat(5000)}</script></head>
<body><nav>${'<a href="/n">nav</a>'.repeat(500)}</nav><article>${body}</article></body></html>`
}

/**
 * Loads PDF.js before a measured run: evaluating its module and first fonts is one
 * uninterrupted ~150-300 ms once per isolate, not per job, and cannot be sliced.
 */
export async function warmPdfJs(bytes: Uint8Array): Promise<void> {
  await extractPdfPages(bytes)
}

/** A guarded fetch that answers every URL with `bytes` as a PDF. */
export function pdfFetch(bytes: Uint8Array): SafeFetch {
  return async (url) => ({
    url,
    status: 200,
    headers: new Headers(),
    contentType: 'application/pdf',
    body: bytes,
    text: () => '',
  })
}
