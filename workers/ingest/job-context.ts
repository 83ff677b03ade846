// What a running ingest job may touch: the narrow parts of Deps, a reader for static
// assets (the queue handler owns env.ASSETS), and the job's deadline signal.
import type { Deps } from '../deps'

export type IngestDeps = Pick<
  Deps,
  | 'db'
  | 'embedder'
  | 'vectors'
  | 'scholarly'
  | 'safeFetch'
  | 'ingestQueue'
  | 'now'
  // Jobs other capabilities run (paper_pdf) write to a session and keep PDFs.
  | 'sessions'
  | 'papersPdf'
>

/** Reads a static asset by path (e.g. '/corpus/scifact.jsonl.gz'), already decompressed. */
export type ReadAsset = (path: string, signal?: AbortSignal) => Promise<Uint8Array>

export interface JobContext {
  deps: IngestDeps
  readAsset: ReadAsset
  signal: AbortSignal
}
