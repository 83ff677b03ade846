// A small logistic regression for the relevance model: features standardised, classes weighed
// equally (far more claims than off-topic questions), a light L2 penalty, Newton steps. The
// weights come back for the raw features, ready for workers/grounding/tuning.ts.

export interface LogisticModel<F extends object = object> {
  weights: Record<string, number>
  bias: number
  predict(features: F): number
}

interface Labelled<F> {
  label: 0 | 1
  signals: F
  /** Samples of one group (a question set) share their label's weight equally with other groups. */
  group?: string
}

const L2 = 1
const STEPS = 50

const sigmoid = (z: number) => 1 / (1 + Math.exp(-z))

/** Solves A x = b (A symmetric positive definite, small) by Gaussian elimination. */
function solve(a: number[][], b: number[]): number[] {
  const n = b.length
  const m = a.map((row, i) => [...row, b[i] ?? 0])
  for (let c = 0; c < n; c++) {
    let pivot = c
    for (let r = c + 1; r < n; r++)
      if (Math.abs(m[r]?.[c] ?? 0) > Math.abs(m[pivot]?.[c] ?? 0)) pivot = r
    ;[m[c], m[pivot]] = [m[pivot] as number[], m[c] as number[]]
    const row = m[c] as number[]
    for (let r = 0; r < n; r++) {
      if (r === c) continue
      const other = m[r] as number[]
      const f = (other[c] ?? 0) / (row[c] || 1e-12)
      for (let k = c; k <= n; k++) other[k] = (other[k] ?? 0) - f * (row[k] ?? 0)
    }
  }
  return m.map((row, i) => (row[n] ?? 0) / (row[i] || 1e-12))
}

export function fitLogistic<F extends object>(
  samples: Labelled<F>[],
  features: (keyof F & string)[],
): LogisticModel<F> {
  const value = (s: Labelled<F>, f: keyof F & string) => Number(s.signals[f]) || 0
  const mu = features.map((f) => samples.reduce((a, s) => a + value(s, f), 0) / samples.length)
  const sd = features.map((f, j) => {
    const v = samples.reduce((a, s) => a + (value(s, f) - (mu[j] ?? 0)) ** 2, 0) / samples.length
    return Math.sqrt(v) || 1
  })
  const rows = samples.map((s) => [
    1,
    ...features.map((f, j) => (value(s, f) - (mu[j] ?? 0)) / (sd[j] ?? 1)),
  ])
  // Each label weighs half, split equally between its groups (claims and topic questions
  // count alike, however many claims there are), then between a group's samples.
  const groupSize = new Map<string, number>()
  const groupsOfLabel = new Map<0 | 1, Set<string>>([
    [0, new Set()],
    [1, new Set()],
  ])
  for (const s of samples) {
    const key = `${s.label}:${s.group ?? ''}`
    groupSize.set(key, (groupSize.get(key) ?? 0) + 1)
    groupsOfLabel.get(s.label)?.add(key)
  }
  const weightOf = (s: Labelled<F>) => {
    const key = `${s.label}:${s.group ?? ''}`
    const groups = groupsOfLabel.get(s.label)?.size ?? 1
    return samples.length / (2 * groups * (groupSize.get(key) ?? 1))
  }
  let beta = new Array<number>(features.length + 1).fill(0)
  for (let step = 0; step < STEPS; step++) {
    const grad = beta.map((b, k) => (k === 0 ? 0 : L2 * b))
    const hess = beta.map((_, i) => beta.map((__, k) => (i === k && i > 0 ? L2 : 0)))
    samples.forEach((s, n) => {
      const x = rows[n] as number[]
      const p = sigmoid(x.reduce((a, xi, k) => a + xi * (beta[k] ?? 0), 0))
      const w = weightOf(s)
      x.forEach((xi, i) => {
        grad[i] = (grad[i] ?? 0) + w * (p - s.label) * xi
        x.forEach((xk, k) => {
          const row = hess[i] as number[]
          row[k] = (row[k] ?? 0) + w * p * (1 - p) * xi * xk
        })
      })
    })
    const delta = solve(hess, grad)
    beta = beta.map((b, k) => b - (delta[k] ?? 0))
  }
  const weights = Object.fromEntries(
    features.map((f, j) => [f, (beta[j + 1] ?? 0) / (sd[j] ?? 1)]),
  ) as Record<string, number>
  const bias =
    (beta[0] ?? 0) - features.reduce((a, f, j) => a + (weights[f] ?? 0) * (mu[j] ?? 0), 0)
  return {
    weights,
    bias,
    predict: (signals) =>
      sigmoid(
        bias + features.reduce((a, f) => a + (weights[f] ?? 0) * (Number(signals[f]) || 0), 0),
      ),
  }
}
