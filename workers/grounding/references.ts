// References through citation-js: APA 7 entries and author–year in-text citations from the CSL
// plugin's citeproc engine, BibTeX from the BibTeX plugin. citation-js is loaded on first use,
// not at start-up: building the APA engine costs about a second of CPU once per isolate, and
// most requests never format a reference.
import { decodeHTML } from 'entities'
import { citationKeys, cslItemOf, type CslItem } from './csl-items'
import { missingFields, type ReferenceMetadata } from './reference-metadata'

type CitationJs = typeof import('@citation-js/core')

export interface FormattedReference {
  id: string
  /** The BibTeX key. */
  key: string
  /** The APA 7 entry in Markdown (titles and venues in *italics*). */
  apa: string
  /** Fields the library does not know for this work; empty when complete. */
  missing: string[]
  verified: boolean
}

const STYLE = 'apa'
const LOCALE = 'en-US'

let loaded: Promise<CitationJs> | undefined

function citationJs(): Promise<CitationJs> {
  loaded ??= (async () => {
    const core = await import('@citation-js/core')
    await Promise.all([import('@citation-js/plugin-bibtex'), import('@citation-js/plugin-csl')])
    return core
  })()
  return loaded
}

/** citeproc's HTML as Markdown: <i> becomes *…*, other tags go, entities are decoded. */
function htmlToMarkdown(html: string): string {
  const marked = html
    .replace(/<\/?i>/g, '*')
    .replace(/<\/?b>/g, '**')
    .replace(/<[^>]+>/g, '')
  return decodeHTML(marked).replace(/\s+/g, ' ').trim()
}

function itemsOf(metas: ReferenceMetadata[]): CslItem[] {
  const keys = citationKeys(metas)
  return metas.map((meta) => cslItemOf(meta, keys.get(meta.id) ?? meta.id))
}

function unique(metas: ReferenceMetadata[]): ReferenceMetadata[] {
  const seen = new Set<string>()
  return metas.filter((m) => !seen.has(m.id) && Boolean(seen.add(m.id)))
}

/** APA 7 entries, in APA order (by first author, then year). */
export async function apaReferences(metas: ReferenceMetadata[]): Promise<FormattedReference[]> {
  const works = unique(metas)
  if (works.length === 0) return []
  const { plugins } = await citationJs()
  const items = itemsOf(works)
  const engine = plugins.config.get('@csl').engine(items, STYLE, LOCALE, 'html')
  engine.updateItems(items.map((i) => i.id))
  const [meta, entries] = engine.makeBibliography()
  const byId = new Map(works.map((w) => [w.id, w]))
  const keys = new Map(items.map((i) => [i.id, String(i['citation-key'])]))
  return meta.entry_ids.flatMap((ids, i) => {
    const id = ids[0] ?? ''
    const work = byId.get(id)
    if (!work) return []
    return [
      {
        id,
        key: keys.get(id) ?? id,
        apa: htmlToMarkdown(entries[i] ?? ''),
        missing: missingFields(work),
        verified: work.verified,
      },
    ]
  })
}

/** One APA 7 entry in Markdown. */
export async function apaReference(meta: ReferenceMetadata): Promise<string> {
  const [entry] = await apaReferences([meta])
  return entry?.apa ?? ''
}

/**
 * Author–year citations ("(Smith et al., 2020)", "(Smith, 2019; Lee, 2021)"), one per cluster
 * of work ids, formatted together so APA's disambiguation (2020a, 2020b) holds across them.
 */
export async function authorYearCitations(
  metas: ReferenceMetadata[],
  clusters: string[][],
): Promise<string[]> {
  const works = unique(metas)
  const known = new Set(works.map((w) => w.id))
  const usable = clusters.map((ids) => ids.filter((id) => known.has(id)))
  if (usable.every((ids) => ids.length === 0)) return clusters.map(() => '')
  const { plugins } = await citationJs()
  const engine = plugins.config.get('@csl').engine(itemsOf(works), STYLE, LOCALE, 'text')
  const asked = usable.filter((ids) => ids.length > 0)
  const out = engine.rebuildProcessorState(
    asked.map((ids) => ({
      citationItems: ids.map((id) => ({ id })),
      properties: { noteIndex: 0 },
    })),
    'text',
    [],
  )
  let next = 0
  return usable.map((ids) => (ids.length ? decodeHTML(out[next++]?.[2] ?? '') : ''))
}

/** BibTeX entries of the works, in the order given. */
export async function bibtexOf(metas: ReferenceMetadata[]): Promise<string> {
  const works = unique(metas)
  if (works.length === 0) return ''
  const { Cite } = await citationJs()
  return new Cite(itemsOf(works)).format('bibtex')
}
