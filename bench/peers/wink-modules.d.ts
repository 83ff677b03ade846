// Minimal typings for the two wink packages the peers benchmark uses (they ship none).
declare module 'wink-bm25-text-search' {
  interface Bm25Engine {
    defineConfig(config: { fldWeights: Record<string, number> }): boolean
    definePrepTasks(tasks: ((input: unknown) => unknown)[], field?: string): number
    addDoc(doc: Record<string, string>, id: string): number
    consolidate(fp?: number): boolean
    search(text: string, limit?: number): [string, number][]
  }
  export default function bm25(): Bm25Engine
}

declare module 'wink-nlp-utils' {
  type Task = (input: unknown) => unknown
  const nlp: {
    string: { lowerCase: Task; removeExtraSpaces: Task; tokenize0: Task }
    tokens: { removeWords: Task; stem: Task; propagateNegations: Task }
  }
  export default nlp
}
