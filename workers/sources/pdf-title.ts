// A paper's title read from its first page: the largest upright text in the top part of the
// page, in reading order, as long as it reads like a title. Side stamps (arXiv's rotated
// identifier), superscript marks and large type lower down (a figure) do not count.

export interface PdfTextItem {
  str: string
  /** The PDF.js text matrix [a, b, c, d, e, f]: b and c are 0 for upright text. */
  transform: number[]
  height: number
}

/** Only the top of the page can hold the title: the first runs, in its upper 30%. */
const FIRST_ITEMS = 60
const TOP_SHARE = 0.3
const SAME_SIZE = 0.5
const MAX_TITLE = 300

const isUpright = (item: PdfTextItem) =>
  Math.abs(item.transform[1] ?? 0) < 1e-6 && Math.abs(item.transform[2] ?? 0) < 1e-6

function readsLikeTitle(text: string): boolean {
  const words = text.split(' ').filter((w) => /\p{L}{2,}/u.test(w))
  return words.length >= 2 && text.length <= MAX_TITLE && !/^arxiv:/i.test(text)
}

/** `view`: the page's box [x0, y0, x1, y1] in PDF units (y grows upwards). */
export function titleFromFirstPage(items: PdfTextItem[], view: number[]): string | null {
  const [, bottom = 0, , top = 0] = view
  const lowest = top - (top - bottom) * TOP_SHARE
  const candidates = items
    .slice(0, FIRST_ITEMS)
    .filter(
      (item) =>
        item.str.trim() &&
        isUpright(item) &&
        (item.transform[5] ?? 0) >= lowest &&
        !/^arxiv:/i.test(item.str.trim()),
    )
  const largest = Math.max(0, ...candidates.map((item) => item.height))
  if (largest <= 0) return null
  const parts: string[] = []
  for (const item of candidates) {
    const isTitleSize = Math.abs(item.height - largest) <= SAME_SIZE
    // The title's runs are consecutive: the first smaller run after them ends it.
    if (!isTitleSize && parts.length > 0) break
    if (isTitleSize) parts.push(item.str.trim())
  }
  const title = parts.join(' ').replace(/\s+/g, ' ').trim()
  return readsLikeTitle(title) ? title : null
}
