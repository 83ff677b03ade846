// The wrangler config the tests run against: wrangler.toml rewritten into a folder of its own,
// so that no developer's .dev.vars (or .env) beside wrangler.toml reaches the test workers.
// Wrangler reads `<config folder>/.dev.vars` whenever it is given no env files, and the Vitest
// plugin gives it none, so the folder is what decides; its paths are made absolute to match.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { experimental_readRawConfig } from 'wrangler'

type Json = string | number | boolean | null | Json[] | { [key: string]: Json }
type JsonObject = { [key: string]: Json }

function isObject(value: Json | undefined): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const absolute = (base: string, value: Json | undefined): Json | undefined =>
  typeof value === 'string' ? path.resolve(base, value) : value

/**
 * The config's path-valued fields (wrangler resolves them against the config's folder), made
 * absolute. Alias values are paths only when relative (`./…`); otherwise they name packages.
 */
function absolutePaths(config: JsonObject, base: string): JsonObject {
  const out: JsonObject = { ...config }
  for (const key of ['main', 'base_dir', 'tsconfig'] as const) {
    if (typeof out[key] === 'string') out[key] = absolute(base, out[key]) ?? null
  }
  const nested: [string, string][] = [
    ['assets', 'directory'],
    ['site', 'bucket'],
    ['build', 'cwd'],
  ]
  for (const [section, key] of nested) {
    const value = out[section]
    if (isObject(value) && typeof value[key] === 'string')
      out[section] = { ...value, [key]: absolute(base, value[key]) ?? null }
  }
  if (Array.isArray(out.d1_databases))
    out.d1_databases = out.d1_databases.map((db) =>
      isObject(db) && typeof db.migrations_dir === 'string'
        ? { ...db, migrations_dir: path.resolve(base, db.migrations_dir) }
        : db,
    )
  if (isObject(out.alias))
    out.alias = Object.fromEntries(
      Object.entries(out.alias).map(([name, target]) => [
        name,
        typeof target === 'string' && target.startsWith('.') ? path.resolve(base, target) : target,
      ]),
    )
  return out
}

/**
 * Writes `configPath`'s config as wrangler.json into `outDir` (emptied first, so no env file
 * can be left in it) and returns its path. Environments (`[env.x]`) are not supported: the
 * tests use the top-level config only.
 */
export function writeHermeticWranglerConfig(configPath: string, outDir: string): string {
  const { rawConfig } = experimental_readRawConfig({ config: configPath })
  const config = absolutePaths(rawConfig as JsonObject, path.dirname(path.resolve(configPath)))
  if ('env' in config) throw new Error('writeHermeticWranglerConfig: [env.*] sections unsupported')
  rmSync(outDir, { recursive: true, force: true })
  mkdirSync(outDir, { recursive: true })
  const file = path.join(outDir, 'wrangler.json')
  writeFileSync(file, `${JSON.stringify(config, null, 2)}\n`)
  return file
}
