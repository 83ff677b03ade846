// The scripted OpenAI-compatible fake (test/node/fake-openai-server.ts) as a process of its own
// for the browser test: prints its URL, and stops on SIGTERM so the test can take the model away.
import { startFakeOpenAi } from '../node/fake-openai-server'

const fake = await startFakeOpenAi()
console.log(`FAKE_MODEL_URL ${fake.url}`)
process.on('SIGTERM', () => {
  void fake.close().then(() => process.exit(0))
})
