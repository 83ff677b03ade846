// The embedding script tag's settings: data-quire-endpoint (default: where widget.js came
// from), data-mode, data-title, data-key (a public widget key that can only ask).
export interface WidgetConfig {
  endpoint: string
  mode: string
  title: string
  key: string | null
}

export function readConfig(script: HTMLScriptElement | null): WidgetConfig {
  const data = script?.dataset ?? {}
  const fromSrc = script?.src ? new URL(script.src, location.href).origin : location.origin
  return {
    endpoint: (data.quireEndpoint || fromSrc).replace(/\/+$/, ''),
    // Only Ask streams through the public widget today; other modes fall back to it.
    mode: data.mode === 'ask' || !data.mode ? 'ask' : data.mode,
    title: data.title || 'Ask Quire',
    key: data.key || null,
  }
}
