// A writing request that changes the text it points at ("Rewrite the highlighted sentence to
// be more concise") is told apart from one that adds content, over many phrasings; offline it
// is answered plainly (rewriting needs a model) and the library is never searched for its words.
import { describe, expect, it } from 'vitest'
import type { RetrievedChunk } from '../../workers/retrieval'
import { offlineDeclineReply } from '../../workers/writing/decline'
import { offlineDraft } from '../../workers/writing/offline-draft'
import { requestKind } from '../../workers/writing/request-kind'
import { requestTopic } from '../../workers/writing/request-topic'
import {
  createSession,
  PAPER,
  putDocument,
  seedKnowledgeBase,
  sendMessage,
  type WriteAnswer,
} from './helpers'

const kindOf = (message: string, hasHighlights = true) =>
  requestKind(message, { hasHighlights, namesTopic: requestTopic(message) !== '' })

describe('request kind', () => {
  it.each([
    'Rewrite the highlighted sentence to be more concise',
    'rewrite the highlighted sentence',
    'Shorten this paragraph',
    'Make the selected text more concise',
    'Can you rephrase the highlighted passage?',
    'Please tighten up the selection',
    'Fix the grammar in the highlighted sentence',
    'Simplify this',
    'Condense the marked paragraph into one sentence',
    'Reword the highlight',
    'Edit the selected sentence for clarity',
    'Could you make this shorter?',
    'Turn the highlighted text into plain language',
    'Paraphrase the selected passage',
    'Improve the flow of the highlighted paragraph',
    'Cut the highlighted sentence down to twenty words',
    'Revise the attached paragraph so it reads more formally',
    'Change the highlighted sentence to the past tense',
    'Proofread the quoted text',
    'Make it more formal',
    'Rewrite the highlighted sentence to mention the 2020 statin trials',
  ])('"%s" edits the selection', (message) => {
    expect(kindOf(message)).toBe('edit_selection')
  })

  it.each([
    'Add a paragraph on statin therapy',
    'Expand on the highlighted sentence with evidence',
    'Write more about this finding',
    'Add a citation to the highlighted sentence',
    'Explain the highlighted term',
    'Write a paragraph about highlight detection in images',
    'Add a Results section on statin therapy',
    'Summarise the evidence on vitamin D and bone density',
    'Find sources for the selected claim',
    'Could you draft an introduction on coral bleaching?',
  ])('"%s" adds content', (message) => {
    expect(kindOf(message)).toBe('add_content')
  })

  it('reads a bare edit verb as an edit only when a highlight is attached and no topic named', () => {
    expect(kindOf('Make it shorter and clearer', true)).toBe('edit_selection')
    expect(kindOf('Simplify the explanation of statin pharmacology', false)).toBe('add_content')
  })
})

function chunk(id: string, content: string): RetrievedChunk {
  return {
    chunkId: `c-${id}`,
    sourceId: `s-${id}`,
    documentId: `d-${id}`,
    paperKey: id,
    title: 'Statins and LDL cholesterol',
    content,
    page: null,
    score: 1,
    url: null,
    doi: null,
    authors: [],
    year: null,
    kind: 'paper',
  }
}

describe('an offline decline', () => {
  it('says in plain words that the sources hold no quotable sentence, and what to try', () => {
    const evidence = {
      query: 'statins and LDL cholesterol',
      passages: [
        chunk('1', 'However, these statins lowered LDL cholesterol. They did so in all groups.'),
      ],
      nothingMatched: false,
      fallbacks: [],
    }
    const draft = offlineDraft(evidence, { mode: 'write' })
    expect(draft).toMatchObject({ kind: 'declined', cause: 'unquotable' })
    const reply = offlineDeclineReply('unquotable', { revising: false })
    expect(reply).toMatch(/none of their sentences can be quoted as it stands/)
    expect(reply).toMatch(/narrower request/)
    expect(reply).toMatch(/configure a language model/)
    expect(reply).not.toMatch(/stand on its own in a document|relevant sources/)
  })
})

describe('editing a highlight offline', { timeout: 60_000 }, () => {
  it.each([true, false])(
    'says rewriting needs a model (highlight attached: %s)',
    async (attached) => {
      await seedKnowledgeBase()
      const session = await createSession()
      await putDocument(session, PAPER)
      const highlight = { type: 'highlight', text: 'Most trials report small effects.' }
      const res = await sendMessage(
        session,
        'Rewrite the highlighted sentence to be more concise',
        {
          attached_sections: attached ? [highlight] : [],
        },
      )
      const answer = await res.json<WriteAnswer>()
      expect(answer).toMatchObject({ status: null, document_content: '', sources: [] })
      expect(answer.response).toMatch(/Rewriting text needs a language model/)
      expect(answer.response.includes('no highlight is attached')).toBe(!attached)
    },
  )
})
