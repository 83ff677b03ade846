// Vite's `?raw` imports of JSONL fixtures (the file's text as a string).
declare module '*.jsonl?raw' {
  const text: string
  export default text
}

declare module '*.xml?raw' {
  const text: string
  export default text
}
