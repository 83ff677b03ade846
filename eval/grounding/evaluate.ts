// The grounding report through POST /api/ask: every question of every set asked as a user asks
// it, and each reply read for what it shows (answered or abstained, gold abstracts returned
// and cited). Follow-ups are two turns of one session, the second sent with its token.
import { mapConcurrent } from '../pipeline'
import { ask, type AskReply } from './client'
import {
  inPart,
  partOf,
  type Conversation,
  type GroundingSets,
  type Part,
  type Question,
  type SetName,
} from './sets'

export interface ItemResult {
  set: SetName
  id: string
  part: Part
  question: string
  gold: string[]
  category?: string
  /** The reply to the question (for a conversation: to its last turn). */
  reply: AskReply
  /** A conversation's earlier turns' replies. */
  earlier?: AskReply[]
}

export interface EvaluateOptions {
  baseUrl: string
  sets: GroundingSets
  only: SetName[]
  part?: Part
  limit?: number
  concurrency: number
  corpusIdOf: (sourceId: string) => string | null
  log: (m: string) => void
}

let clients = 0
/** A fresh client address per question: 10.x.y.z, never repeated within a run. */
function nextClientIp(): string {
  clients += 1
  return `10.${(clients >> 16) & 255}.${(clients >> 8) & 255}.${clients & 255}`
}

async function askQuestion(o: EvaluateOptions, set: SetName, item: Question): Promise<ItemResult> {
  const reply = await ask(o.baseUrl, { query: item.q, clientIp: nextClientIp() }, o.corpusIdOf)
  return {
    set,
    id: item.id,
    part: partOf(set, item.id),
    question: item.q,
    gold: item.gold,
    ...(item.category ? { category: item.category } : {}),
    reply,
  }
}

async function askConversation(
  o: EvaluateOptions,
  set: SetName,
  item: Conversation,
): Promise<ItemResult> {
  const clientIp = nextClientIp()
  const earlier: AskReply[] = []
  let session: { sessionId?: string; token?: string } = {}
  let reply: AskReply | undefined
  for (const turn of item.turns) {
    if (reply) earlier.push(reply)
    reply = await ask(o.baseUrl, { query: turn, clientIp, ...session }, o.corpusIdOf)
    if (!reply.ok) break
    if (reply.sessionId && reply.token) session = { sessionId: reply.sessionId, token: reply.token }
  }
  return {
    set,
    id: item.id,
    part: partOf(set, item.id),
    question: item.turns.join(' → '),
    gold: item.gold,
    reply: reply as AskReply,
    earlier,
  }
}

export async function evaluateThroughRoute(o: EvaluateOptions): Promise<ItemResult[]> {
  const results: ItemResult[] = []
  for (const set of o.only) {
    const started = Date.now()
    if (set === 'followUps' || set === 'offTopicFollowUps') {
      const items = inPart(set, o.sets[set], o.part).slice(0, o.limit)
      const asked = await mapConcurrent(items, o.concurrency, (c) => askConversation(o, set, c))
      results.push(...asked)
    } else {
      const items = inPart(set, o.sets[set], o.part).slice(0, o.limit)
      results.push(...(await mapConcurrent(items, o.concurrency, (q) => askQuestion(o, set, q))))
    }
    const done = results.filter((r) => r.set === set)
    o.log(`${set}: ${done.length} asked in ${((Date.now() - started) / 1000).toFixed(0)} s`)
  }
  return results
}
