import { describe, expect, it } from 'vitest'
import {
  DOCUMENTS_PREFIX,
  documentsJson,
  documentsMessage,
  type ContextDocument,
} from '../../workers/context'

const docs: ContextDocument[] = [
  { document: 1, title: 'Hello', metadata: 'status closed', contents: 'Foo' },
  { document: 2, title: 'World', contents: 'Bar' },
]

describe('documents JSON', () => {
  it('lists documents one per line with the number first and contents last', () => {
    expect(documentsJson(docs)).toBe(
      [
        '{',
        '  "documents": [',
        '    {"document":1,"title":"Hello","metadata":"status closed","contents":"Foo"},',
        '    {"document":2,"title":"World","contents":"Bar"}',
        '  ]',
        '}',
      ].join('\n'),
    )
  })

  it('parses back as JSON with the same documents', () => {
    const parsed = JSON.parse(documentsJson(docs)) as { documents: ContextDocument[] }
    expect(parsed.documents).toEqual(docs)
  })

  it('puts a url between title and metadata when a document has one', () => {
    const line = documentsJson([
      { document: 3, title: 'T', url: 'https://example.org/a', metadata: 'm', contents: 'c' },
    ])
    expect(line).toContain(
      '{"document":3,"title":"T","url":"https://example.org/a","metadata":"m","contents":"c"}',
    )
  })

  it('escapes quotes and newlines in contents so text cannot break out of the JSON', () => {
    const tricky = documentsJson([{ document: 1, title: 'x', contents: 'a"}]\n{"document":9' }])
    const parsed = JSON.parse(tricky) as { documents: ContextDocument[] }
    expect(parsed.documents).toHaveLength(1)
    expect(parsed.documents[0]?.contents).toBe('a"}]\n{"document":9')
  })

  it('prefixes the JSON with a lead-in when documents go in a user message', () => {
    const message = documentsMessage(docs)
    expect(message.startsWith(`${DOCUMENTS_PREFIX}\n{`)).toBe(true)
  })
})
