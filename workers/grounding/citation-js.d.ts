// The slice of citation-js Quire uses (the packages ship no types): CSL-JSON in; BibTeX, and
// APA citations and bibliographies through the CSL plugin's citeproc engine, out.
declare module '@citation-js/core' {
  export class Cite {
    constructor(data: unknown)
    /** The input as cleaned CSL-JSON (names parsed, dates checked). */
    readonly data: Record<string, unknown>[]
    format(format: 'bibtex' | 'data', options?: Record<string, unknown>): string
  }
  export const plugins: {
    config: {
      get(plugin: '@csl'): {
        engine(
          data: Record<string, unknown>[],
          style: string,
          lang: string,
          format: 'text' | 'html',
        ): CiteprocEngine
      }
    }
  }
  /** The citeproc-js engine, as far as Quire drives it. */
  export interface CiteprocEngine {
    /** Each cluster's [id, noteIndex, formatted text], in the order given. */
    rebuildProcessorState(
      citations: { citationItems: { id: string }[]; properties: { noteIndex: number } }[],
      format: 'text' | 'html',
      uncited: string[],
    ): [string, number, string][]
    updateItems(ids: string[]): void
    /** [meta with entry_ids in sorted order, formatted entries]. */
    makeBibliography(): [{ entry_ids: string[][] }, string[]]
  }
}
declare module '@citation-js/plugin-bibtex'
declare module '@citation-js/plugin-csl'
declare module '@citation-js/name' {
  /** "Ashish Vaswani" / "van der Berg, J." -> CSL name parts (family, given, particles). */
  export function parse(name: string): Record<string, string>
}
