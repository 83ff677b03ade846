// The plan without a model: a deterministic decomposition of the question into the aspects a
// review covers (the question itself, background, findings, methods, limits), plus one
// direction per named part when the question joins several ("X and Y", "X versus Y").
import { isFramingTerm, termOf, wordsOf } from '../grounding'
import { MAX_SUB_QUESTIONS } from './schemas'
import type { ResearchPlan, SubQuestion } from './types'

/** The question's subject words in their own spelling: every term that is not framing
 * ("affect", "role"): "How does vitamin D affect bone density?" -> "vitamin D bone density". */
function subjectOf(text: string): string {
  return wordsOf(text)
    .filter((word) => termOf(word) !== '' && !isFramingTerm(termOf(word)))
    .join(' ')
}

/** Parts a question joins: "statins and dementia" -> ["statins", "dementia"]; one part: []. */
function joinedParts(question: string): string[] {
  const parts = question
    .split(/\s*(?:,|;|\band\b|\bversus\b|\bvs\.?|\bor\b|\bcompared (?:with|to)\b)\s*/i)
    .map(subjectOf)
    .filter((part) => part.length > 0)
  return parts.length > 1 ? [...new Set(parts)] : []
}

const ASPECTS: Array<(subject: string) => SubQuestion> = [
  (s) => ({
    question: `What background and definitions does the library give on ${s}?`,
    why: 'Background the other sections build on (offline plan: aspect "background").',
  }),
  (s) => ({
    question: `What findings or results are reported on ${s}?`,
    why: 'The evidence the answer rests on (offline plan: aspect "findings").',
  }),
  (s) => ({
    question: `What methods or approaches are used to study ${s}?`,
    why: 'How the evidence was obtained, so its weight can be judged (offline plan: aspect "methods").',
  }),
  (s) => ({
    question: `What limitations, risks or open questions concern ${s}?`,
    why: 'What the evidence does not settle (offline plan: aspect "limitations").',
  }),
]

export function offlinePlan(question: string): ResearchPlan {
  const subject = subjectOf(question) || question.trim()
  const asked: SubQuestion = {
    question: question.trim(),
    why: 'The question as asked, answered directly (offline plan: the question itself).',
  }
  const parts = joinedParts(question).map((part) => ({
    question: `What does the library say about ${part}?`,
    why: `One of the parts the question joins (offline plan: part "${part}").`,
  }))
  const aspects = ASPECTS.map((aspect) => aspect(subject))
  const seen = new Set<string>()
  const sub_questions = [asked, ...parts, ...aspects]
    .filter(
      (q) => !seen.has(q.question.toLowerCase()) && Boolean(seen.add(q.question.toLowerCase())),
    )
    .slice(0, MAX_SUB_QUESTIONS)
  return { sub_questions, made_by: 'offline' }
}
