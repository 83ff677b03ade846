// The paper chat's prompts, in Quire's own words: the persona, and the context block that
// hands the model the selected pages, each labelled with the citation it must use.
import { NO_ANSWER_SENTINEL } from '../grounding'
import type { GivenPage } from './page-citations'

export const PAPERS_PERSONA = [
  'You are a research assistant answering questions about the papers the user has loaded.',
  'Use only the passages you are given; if they do not settle a point, say so plainly.',
  'Write flowing paragraphs, not bullet points, and bring several papers together when they',
  'speak to the question. After each claim, cite the passage it comes from exactly as it is',
  'labelled, in the form [Paper Title, Page X]. Never cite a page you were not given.',
].join(' ')

export function contextInstruction(question: string, pages: GivenPage[]): string {
  const blocks = pages.map((p) => `[${p.title}, Page ${p.page}]\n${p.text}`)
  return [
    'Passages from the loaded papers, each headed by the citation to use for it:',
    '---------------------',
    blocks.join('\n\n'),
    '---------------------',
    `Answer this question from the passages above, citing as [Paper Title, Page X]: ${question}`,
  ].join('\n')
}

/** The question's passages, and the word to reply with when none of them addresses it. */
export function judgedContextInstruction(question: string, pages: GivenPage[]): string {
  return [
    contextInstruction(question, pages),
    `If none of the passages addresses the question, reply with exactly ${NO_ANSWER_SENTINEL} and nothing else.`,
  ].join('\n')
}

export const OFFLINE_LABEL =
  'Offline answer: sentences quoted from the loaded papers, no language model involved.'

/** For a question that names no topic: an overview of each paper from its opening pages. */
export function overviewInstruction(question: string, pages: GivenPage[]): string {
  return [
    'The question below names no particular topic, so you are given the opening pages (title,',
    'abstract, introduction) of every loaded paper. Give an overview: for each paper, what it',
    'sets out to do, how, and what it finds, citing each claim as [Paper Title, Page X].',
    '',
    contextInstruction(question, pages),
  ].join('\n')
}

export function degradedLabel(reason: string): string {
  return `Degraded answer (the language model failed: ${reason}): sentences quoted from the loaded papers instead.`
}
