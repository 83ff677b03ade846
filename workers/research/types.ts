// What a deep-research run is made of, as GET /api/research/:id returns it and each Workflow
// step passes to the next (every field is JSON, so step results are cached as they are).
import type { StageFallback } from '../grounding'

export const RESEARCH_STATUSES = [
  'planning',
  'awaiting_review',
  'researching',
  'writing',
  'done',
  'stopped',
  'failed',
] as const
export type ResearchStatus = (typeof RESEARCH_STATUSES)[number]

/** Statuses a run never leaves: a late step must not overwrite them. */
export const FINAL_STATUSES: readonly ResearchStatus[] = ['done', 'stopped', 'failed']

export interface SubQuestion {
  question: string
  /** Why this direction is researched, in a sentence. */
  why: string
}

export interface ResearchPlan {
  sub_questions: SubQuestion[]
  /** model: one structured model call; offline: the deterministic decomposition. */
  made_by: 'model' | 'offline'
  /** The reader replaced the sub-questions in review. */
  edited?: boolean
}

/** A source one section read, with the provenance the references need. */
export interface SectionSource {
  title: string
  url: string
  domain: string
  snippet: string
  date?: string
  source_id?: string
}

/** One sub-question as the grounded answer path answered it; [n] in `answer` is sources[n-1]. */
export interface ResearchSection {
  index: number
  question: string
  why: string
  answer: string
  sources: SectionSource[]
  /** The library does not cover it: the report gives a gap line instead. */
  abstained: boolean
  reason?: string
  mode: 'offline' | 'online' | 'degraded'
  fallbacks: StageFallback[]
  model_calls: number
  tokens: number
  ms: number
}

export interface ReportSource {
  number: number
  title: string
  url: string
  domain: string
  snippet: string
  /** Sections (0-based sub-question index) that cite it. */
  sections: number[]
}

export interface ReportReference {
  number: number
  apa: string
  /** Fields the library does not know; empty when the metadata is complete. */
  missing: string[]
  url: string
}

export interface Verification {
  /** 'term-support': each cited sentence must hold half the term weight of its passage's claim. */
  method: 'term-support'
  checked: number
  removed: number
}

export interface ResearchReport {
  markdown: string
  sources: ReportSource[]
  references: ReportReference[]
  bibtex: string
  verification: Verification
  /** Sub-questions the library has nothing on. */
  gaps: string[]
  /** True for a report assembled from the sections finished before a stop. */
  partial: boolean
}

export interface StepTiming {
  name: string
  ms: number
}

export interface ResearchUsage {
  calls: number
  tokens: number
  /** The run's cap on model calls; steps past it take their offline path. */
  budget_calls: number
  wall_ms: number
  steps: StepTiming[]
}

export interface ResearchRecord {
  research_id: string
  session_id: string
  question: string
  status: ResearchStatus
  plan: ResearchPlan | null
  sections: ResearchSection[]
  report: ResearchReport | null
  usage: ResearchUsage
  mode: 'offline' | 'online' | 'degraded'
  fallbacks: StageFallback[]
  started_at: number
  error?: string
}
