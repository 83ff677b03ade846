// Vitest global setup (runs in Node): makes sure the UI assets folder exists, starts the
// scripted OpenAI-compatible fake on 127.0.0.1:0, and provides its URL to the workers.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { startFakeOpenAi } from './fake-openai-server'

declare module 'vitest' {
  export interface ProvidedContext {
    fakeLlmUrl: string
    fakeHosts: string
  }
}

function ensureAssets(): void {
  const dist = path.resolve(import.meta.dirname, '../../web/dist')
  if (existsSync(path.join(dist, 'index.html'))) return
  // Tests exercise the API; a missing UI build must not stop them (npm start builds it).
  mkdirSync(dist, { recursive: true })
  writeFileSync(path.join(dist, 'index.html'), '<!doctype html><title>Quire</title><p>Quire</p>')
}

export default async function setup(project: TestProject) {
  ensureAssets()
  const fake = await startFakeOpenAi()
  const host = new URL(fake.url).host
  project.provide('fakeLlmUrl', fake.url)
  project.provide('fakeHosts', host)
  return async () => {
    await fake.close()
  }
}
