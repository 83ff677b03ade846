// The fake server's memory: scripts by key (steps consumed in order) and every request
// recorded under the key it matched ('' for unscripted requests, capped).
import { MARKER_PATTERN, type FakeStep, type RecordedRequest } from './steps'

const UNMATCHED_CAP = 500

/** Every string a request carries that may hold a marker: message contents and embedding inputs. */
function textsOf(body: Record<string, unknown>): string[] {
  const out: string[] = []
  const visit = (value: unknown) => {
    if (typeof value === 'string') out.push(value)
    else if (Array.isArray(value)) value.forEach(visit)
    else if (value && typeof value === 'object' && 'text' in value) visit(value.text)
  }
  if (Array.isArray(body.messages)) {
    for (const message of body.messages) {
      if (message && typeof message === 'object' && 'content' in message) visit(message.content)
    }
  }
  visit(body.input)
  return out
}

export class ScriptBook {
  private readonly scripts = new Map<string, { steps: FakeStep[]; used: Set<number> }>()
  private readonly records = new Map<string, RecordedRequest[]>()
  private counter = 0
  private readonly prefix = Math.random().toString(36).slice(2, 8)

  add(steps: FakeStep[]): string {
    this.counter += 1
    const key = `s${this.prefix}${this.counter}`
    this.scripts.set(key, { steps, used: new Set() })
    this.records.set(key, [])
    return key
  }

  /** The script key a request belongs to, if any of its texts carries a known marker. */
  keyOf(body: Record<string, unknown>): string {
    for (const text of textsOf(body)) {
      const match = MARKER_PATTERN.exec(text)
      if (match?.[1] && this.scripts.has(match[1])) return match[1]
    }
    return ''
  }

  /**
   * The step for this request, or undefined when exhausted (or unscripted): the first unused
   * step made for its structured output (`schema`), else the first unused step made for none.
   */
  take(key: string, schema?: string): { step?: FakeStep; exhausted: boolean } {
    const script = this.scripts.get(key)
    if (!script) return { exhausted: false }
    const free = (want: string | undefined) =>
      script.steps.findIndex((s, i) => !script.used.has(i) && s.forSchema === want)
    let index = schema ? free(schema) : -1
    if (index < 0) index = free(undefined)
    const step = script.steps[index]
    if (!step) return { exhausted: true }
    script.used.add(index)
    return { step, exhausted: false }
  }

  record(key: string, request: RecordedRequest): void {
    const list = this.records.get(key) ?? []
    list.push(request)
    if (!key && list.length > UNMATCHED_CAP) list.shift()
    this.records.set(key, list)
  }

  requests(key: string): RecordedRequest[] {
    return this.records.get(key) ?? []
  }
}
