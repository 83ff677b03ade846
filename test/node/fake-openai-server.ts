// PLACEHOLDER: the llm helper replaces this with the scripted OpenAI-compatible fake.
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

export async function startFakeOpenAi(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = createServer((_req, res) => res.end('{}'))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((r) => server.close(() => r())) }
}
