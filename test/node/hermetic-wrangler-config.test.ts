// The tests' wrangler config never carries a developer's .dev.vars or .env into the workers:
// run against a copy of wrangler.toml with such files beside it, through the same wrangler call
// the Vitest plugin makes.
import { copyFileSync, existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import {
  experimental_readRawConfig,
  unstable_getMiniflareWorkerOptions,
  unstable_readConfig,
} from 'wrangler'
import { writeHermeticWranglerConfig } from './hermetic-wrangler-config'

const ROOT = path.resolve(import.meta.dirname, '../..')
const DEVELOPER_FILES: Record<string, string> = {
  '.dev.vars': 'LLM_API_KEY=x\nLLM_BASE_URL=http://127.0.0.1:9/v1\nSEARCH_PROVIDER=brave\n',
  '.env': 'BRAVE_API_KEY=y\nLLM_MODEL=from-dot-env\n',
}

function bindingsOf(configPath: string): Record<string, unknown> {
  const options = unstable_getMiniflareWorkerOptions(unstable_readConfig({ config: configPath }))
  return (options.workerOptions.bindings ?? {}) as Record<string, unknown>
}

let dir = ''
// vitest.config.ts turns wrangler's .env fallback off for the whole run; the folder alone must
// hold here, so the control below sees wrangler's default.
const dotEnvSetting = process.env.CLOUDFLARE_LOAD_DEV_VARS_FROM_DOT_ENV
beforeEach(() => {
  delete process.env.CLOUDFLARE_LOAD_DEV_VARS_FROM_DOT_ENV
  dir = mkdtempSync(path.join(tmpdir(), 'quire-hermetic-'))
  copyFileSync(path.join(ROOT, 'wrangler.toml'), path.join(dir, 'wrangler.toml'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
  if (dotEnvSetting !== undefined) process.env.CLOUDFLARE_LOAD_DEV_VARS_FROM_DOT_ENV = dotEnvSetting
})

describe('writeHermeticWranglerConfig', () => {
  it.each(Object.keys(DEVELOPER_FILES))(
    'keeps a %s beside wrangler.toml out of the bindings',
    (name) => {
      writeFileSync(path.join(dir, name), DEVELOPER_FILES[name] ?? '')
      const original = bindingsOf(path.join(dir, 'wrangler.toml'))
      const hermetic = bindingsOf(
        writeHermeticWranglerConfig(path.join(dir, 'wrangler.toml'), path.join(dir, 'out')),
      )
      const { vars } = unstable_readConfig({ config: path.join(dir, 'wrangler.toml') })
      // The control: wrangler itself does read the file beside the original config.
      expect(original).not.toEqual(vars)
      expect(hermetic).toEqual(vars)
    },
  )

  it('resolves every relative path of wrangler.toml to the same place', () => {
    const { rawConfig } = experimental_readRawConfig({ config: path.join(ROOT, 'wrangler.toml') })
    const file = writeHermeticWranglerConfig(
      path.join(ROOT, 'wrangler.toml'),
      path.join(dir, 'out'),
    )
    const { rawConfig: written } = experimental_readRawConfig({ config: file })
    // Any string naming an existing file or folder beside wrangler.toml is a path to carry over.
    const walk = (value: unknown, copy: unknown, at: string): string[] => {
      if (typeof value === 'string' && value !== '')
        return existsSync(path.resolve(ROOT, value)) && copy !== path.resolve(ROOT, value)
          ? [at]
          : []
      if (typeof value !== 'object' || value === null) return []
      return Object.entries(value).flatMap(([key, v]) =>
        walk(v, (copy as Record<string, unknown> | undefined)?.[key], `${at}.${key}`),
      )
    }
    expect(existsSync(path.join(ROOT, 'migrations'))).toBe(true)
    expect(walk(rawConfig, written, 'config')).toEqual([])
  })
})
