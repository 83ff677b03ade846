// The grounding question sets and their fixed split. Claims come from a grounding-check file
// (../shared/data/grounding-train/claims.jsonl: SciFact train claims with gold abstract ids);
// topic questions, off-topic questions and follow-up conversations are written by hand in
// sets/. Every item belongs to a tuning part or a held-out part by a hash of its id, so the
// split never changes and nothing in the held-out part is looked at while tuning.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'

export interface Question {
  id: string
  q: string
  /** Corpus ids of abstracts that answer it (empty for topic questions). */
  gold: string[]
  category?: string
}

export interface Conversation {
  id: string
  turns: string[]
  /** Corpus ids of abstracts that answer the last turn. */
  gold: string[]
}

export interface GroundingSets {
  claims: Question[]
  topics: Question[]
  offTopic: Question[]
  followUps: Conversation[]
  /** Each off-topic question asked as the second turn, after a claim (offTopicAfterClaims). */
  offTopicFollowUps: Conversation[]
}

export type SetName = keyof GroundingSets
export const SET_NAMES: SetName[] = [
  'claims',
  'topics',
  'offTopic',
  'followUps',
  'offTopicFollowUps',
]

export type Part = 'tune' | 'held-out'

/**
 * One item in three is held out: the first 32 bits of SHA-256(set + id), modulo 3, is 0. An
 * off-topic question keeps its part when it is asked as a second turn.
 */
export function partOf(set: SetName, id: string): Part {
  const named = set === 'offTopicFollowUps' ? 'offTopic' : set
  const hash = createHash('sha256').update(`${named}:${id}`).digest('hex')
  return Number.parseInt(hash.slice(0, 8), 16) % 3 === 0 ? 'held-out' : 'tune'
}

const SETS_DIR = path.join(import.meta.dirname, 'sets')
export const DEFAULT_CLAIMS = path.resolve(
  import.meta.dirname,
  '../../../shared/data/grounding-train/claims.jsonl',
)

function readJsonl<T>(file: string): T[] {
  return readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .filter((line) => line.trim())
    .map((line) => JSON.parse(line) as T)
}

type Raw = { id: string | number; q: string; gold?: (string | number)[]; category?: string }

function questions(file: string): Question[] {
  return readJsonl<Raw>(file).map((r) => ({
    id: String(r.id),
    q: r.q,
    gold: (r.gold ?? []).map(String),
    ...(r.category ? { category: r.category } : {}),
  }))
}

/** The off-topic questions alone (the papers report asks them of loaded papers too). */
export function readOffTopic(): Question[] {
  return questions(path.join(SETS_DIR, 'offtopic.jsonl'))
}

/**
 * Off-topic questions asked after a claim, in one session: the n-th off-topic question of a
 * part follows the n-th claim of the same part. The claim's topic must not answer them.
 */
function offTopicAfterClaims(offTopic: Question[], claims: Question[]): Conversation[] {
  return (['tune', 'held-out'] as const).flatMap((part) => {
    const firsts = claims.filter((c) => partOf('claims', c.id) === part)
    return offTopic
      .filter((q) => partOf('offTopic', q.id) === part)
      .flatMap((q, n) => {
        const first = firsts[n % Math.max(1, firsts.length)]
        return first ? [{ id: q.id, turns: [first.q, q.q], gold: [] }] : []
      })
  })
}

export function readSets(claimsFile = DEFAULT_CLAIMS): GroundingSets {
  if (!existsSync(claimsFile)) throw new Error(`claims file not found: ${claimsFile}`)
  const claims = questions(claimsFile)
  const offTopic = readOffTopic()
  return {
    claims,
    topics: questions(path.join(SETS_DIR, 'topics.jsonl')),
    offTopic,
    offTopicFollowUps: offTopicAfterClaims(offTopic, claims),
    followUps: readJsonl<Conversation & { id: string | number }>(
      path.join(SETS_DIR, 'followups.jsonl'),
    ).map((c) => ({ id: String(c.id), turns: c.turns, gold: c.gold.map(String) })),
  }
}

/** The items of one part (or all). */
export function inPart<T extends { id: string }>(set: SetName, items: T[], part?: Part): T[] {
  return part ? items.filter((item) => partOf(set, item.id) === part) : items
}
