// The slice of citation-js Quire uses (the packages ship no types): CSL-JSON in, BibTeX out.
declare module '@citation-js/core' {
  export class Cite {
    constructor(data: unknown)
    format(format: 'bibtex' | 'data', options?: Record<string, unknown>): string
  }
}
declare module '@citation-js/plugin-bibtex'
