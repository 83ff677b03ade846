// Tallies for the load run: latencies per operation, statuses and error codes, throughput.

export const percentile = (sorted: number[], p: number): number =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0

export class Tally {
  private readonly ms = new Map<string, number[]>()
  readonly errors = new Map<string, number>()
  /** The first body seen for each error key, cut short: what the server said. */
  readonly samples = new Map<string, string>()

  add(op: string, ms: number): void {
    const list = this.ms.get(op) ?? []
    list.push(ms)
    this.ms.set(op, list)
  }

  /** Counts an error by operation and code (HTTP status, envelope code or 'network'). */
  error(op: string, code: string, body = ''): void {
    const key = `${op} ${code}`
    if (!this.samples.has(key)) this.samples.set(key, body.slice(0, 200))
    this.errors.set(key, (this.errors.get(key) ?? 0) + 1)
  }

  rows(seconds: number): (string | number)[][] {
    return [...this.ms].map(([op, list]) => {
      const sorted = [...list].sort((a, b) => a - b)
      const f = (p: number) => percentile(sorted, p).toFixed(1)
      return [op, list.length, (list.length / seconds).toFixed(1), f(0.5), f(0.95), f(0.99)]
    })
  }

  /** The p-th percentile of one operation's latencies (0 when it never ran). */
  quantile(op: string, p: number): number {
    return percentile(
      [...(this.ms.get(op) ?? [])].sort((a, b) => a - b),
      p,
    )
  }

  count(op: string): number {
    return this.ms.get(op)?.length ?? 0
  }
}
