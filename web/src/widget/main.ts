// widget.js: `<script src=".../widget.js" data-quire-endpoint=... async>` adds Quire's chat
// bubble to any page, isolated in a shadow root. Built alone (web/vite.widget.config.ts).
import { readConfig } from './config'
import { mountWidget } from './panel'

// Read while this script runs: document.currentScript is null once it has finished.
const script =
  (document.currentScript as HTMLScriptElement | null) ??
  document.querySelector<HTMLScriptElement>('script[data-quire-endpoint]')

function start(): void {
  // One widget per page even if the tag is pasted twice.
  if (document.querySelector('quire-widget')) return
  const host = document.createElement('quire-widget')
  document.body.append(host)
  mountWidget(host, readConfig(script))
}

if (document.body) start()
else document.addEventListener('DOMContentLoaded', start, { once: true })
