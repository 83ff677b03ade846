// Per-turn document numbering: every document the model sees in a turn gets one number to
// cite, and the number maps back to the full source for citation packets and the saved message.
import type { SourceRef } from '../stream'
import type { ContextDocument } from './chat-message'

/** A document before numbering: what the model reads plus the full source behind it. */
export interface SourceDocument {
  title: string
  url?: string
  metadata?: string
  contents: string
  source: Omit<SourceRef, 'number'>
}

function identity(doc: SourceDocument): string {
  const { chunkId, url, sourceId } = doc.source
  if (chunkId) return `chunk:${chunkId}`
  if (url) return `url:${url}`
  return `source:${sourceId ?? doc.title}:${doc.contents.length}`
}

export class DocumentNumbering {
  private readonly byNumber = new Map<number, SourceRef>()
  private readonly byIdentity = new Map<string, number>()
  private next: number

  constructor(start = 1) {
    this.next = start
  }

  /** Numbers the documents; one seen before in this turn keeps its number. */
  assign(docs: SourceDocument[]): ContextDocument[] {
    return docs.map((doc) => {
      const key = identity(doc)
      let number = this.byIdentity.get(key)
      if (number === undefined) {
        number = this.next++
        this.byIdentity.set(key, number)
        this.byNumber.set(number, { ...doc.source, number })
      }
      const { title, url, metadata, contents } = doc
      return { document: number, title, url, metadata, contents }
    })
  }

  source(number: number): SourceRef | undefined {
    return this.byNumber.get(number)
  }

  sources(): SourceRef[] {
    return [...this.byNumber.values()]
  }
}
