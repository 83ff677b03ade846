// A fast scan of a document's section headings, for the deterministic placer on long
// documents (a full mdast parse of 25,000 words costs far more than the 50 ms budget). Only
// ATX headings at column 0 outside fenced code count: such a line always starts a top-level
// heading in CommonMark, so a section's body ends right before the next one.

export interface HeadingLine {
  depth: number
  title: string
  /** Offsets of the heading line (without its newline). */
  start: number
  end: number
}

const ATX = /^(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/
const FENCE = /^ {0,3}(`{3,}|~{3,})/

export function scanHeadings(markdown: string): HeadingLine[] {
  const out: HeadingLine[] = []
  let fence: string | null = null
  let at = 0
  while (at <= markdown.length) {
    const next = markdown.indexOf('\n', at)
    const end = next < 0 ? markdown.length : next
    const line = markdown.slice(at, end).replace(/\r$/, '')
    const opened = FENCE.exec(line)?.[1]
    if (fence) {
      if (
        opened &&
        opened[0] === fence[0] &&
        opened.length >= fence.length &&
        !/\S/.test(line.slice(line.indexOf(opened) + opened.length))
      )
        fence = null
    } else if (opened) {
      fence = opened
    } else if (line.startsWith('#')) {
      const m = ATX.exec(line)
      if (m?.[1]) {
        const title = (m[2] ?? '').replace(/[*_`]/g, '').trim()
        out.push({ depth: m[1].length, title, start: at, end: at + line.length })
      }
    }
    if (next < 0) break
    at = next + 1
  }
  return out
}

/** Where a section's own body ends: after its last non-blank text before the next heading. */
export function bodyEnd(markdown: string, headings: HeadingLine[], index: number): number {
  const heading = headings[index] as HeadingLine
  const limit = headings[index + 1]?.start ?? markdown.length
  let end = limit
  while (end > heading.end && /\s/.test(markdown[end - 1] ?? '')) end -= 1
  return end
}
