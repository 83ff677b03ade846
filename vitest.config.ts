// Tests run inside workerd through @cloudflare/vitest-plugin, against real local D1, Durable
// Objects and Queues. Two projects share one global setup (the scripted OpenAI-compatible
// fake on loopback): `offline` uses wrangler.toml's defaults (no model keys); `online`
// points the model and embeddings at the fake, so the real openai-SDK adapters run.
import path from 'node:path'
import { cloudflareTest, readD1Migrations } from '@cloudflare/vitest-plugin'
import { defineConfig } from 'vitest/config'
import { writeHermeticWranglerConfig } from './test/node/hermetic-wrangler-config'

// Hermetic: the workers see wrangler.toml and the bindings below, never a developer's own
// .dev.vars or .env (wrangler reads those from the config's folder, so the config is copied
// into a folder of its own) nor, through CLOUDFLARE_INCLUDE_PROCESS_ENV, this shell's variables.
process.env.CLOUDFLARE_LOAD_DEV_VARS_FROM_DOT_ENV = 'false'
const wranglerConfig = writeHermeticWranglerConfig(
  path.join(import.meta.dirname, 'wrangler.toml'),
  path.join(import.meta.dirname, '.wrangler', 'test-config'),
)
const migrations = await readD1Migrations(path.join(import.meta.dirname, 'migrations'))

function project(name: 'offline' | 'online') {
  return {
    extends: true as const,
    // As in wrangler.toml: the tagger as one module, not ~100 fetched one by one by each test file.
    resolve: {
      alias: {
        'compromise/two': path.join(
          import.meta.dirname,
          'node_modules/compromise/builds/two/compromise-two.mjs',
        ),
      },
    },
    plugins: [
      cloudflareTest(({ inject }) => ({
        wrangler: { configPath: wranglerConfig },
        remoteBindings: false,
        miniflare: {
          // Test files share one client key ('local'); the public limit would throttle a full run.
          ratelimits: {
            PUBLIC_RATE_LIMIT: { namespace_id: '1001', simple: { limit: 100_000, period: 60 } },
          },
          bindings: {
            TEST_MIGRATIONS: migrations,
            CONTACT_EMAIL: 'tests@quire.invalid',
            FETCH_ALLOW_HOSTS: inject<string>('fakeHosts'),
            QUIRE_API_KEYS: 'test-api-key',
            INGEST_WEBHOOK_SECRET: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
            SHARE_SECRET: 'test-share-secret-0123456789abcdef',
            // Per-client quotas off: a run comes from one address (test/http/client-quota.test.ts sets its own).
            CLIENT_SEARCH_LIMIT: '0',
            CLIENT_RUN_LIMIT: '0',
            CLIENT_UPLOAD_LIMIT: '0',
            CLIENT_SESSION_LIMIT: '0',
            ...(name === 'online'
              ? {
                  LLM_PROVIDER: 'openai-compatible',
                  LLM_BASE_URL: `${inject<string>('fakeLlmUrl')}/v1`,
                  LLM_API_KEY: 'primary-key',
                  LLM_API_KEY_FALLBACK: 'fallback-key',
                  LLM_MODEL: 'fake-main',
                  LLM_MODEL_FAST: 'fake-fast',
                }
              : {}),
          },
        },
      })),
    ],
    test: {
      name,
      include: name === 'online' ? ['test/**/*.online.test.ts'] : ['test/**/*.test.ts'],
      exclude: [
        ...(name === 'online' ? [] : ['test/**/*.online.test.ts']),
        'test/e2e/**',
        'test/node/**',
        'node_modules/**',
      ],
      setupFiles: ['./test/setup/apply-migrations.ts'],
    },
  }
}

export default defineConfig({
  test: {
    globalSetup: ['./test/node/global-setup.ts'],
    projects: [
      project('offline'),
      project('online'),
      // Node-side checks of the test set-up itself (no workerd).
      { extends: true, test: { name: 'node', include: ['test/node/**/*.test.ts'] } },
    ],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    maxWorkers: 2,
    // One runtime per worker, not per file: modules load once per worker instead of once per
    // file (the suite ran seven times longer isolated). Each file still starts from an empty
    // database (test/setup/apply-migrations.ts).
    isolate: false,
    // With the on-disk module cache, a fresh worker's first request returns every cached
    // module of its test file's graph in one message; with the fixture feeds that passes
    // workerd's 1 MiB WebSocket limit and kills the pool. Modules then travel one by one.
    fsModuleCache: false,
  },
})
