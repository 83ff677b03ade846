// The load benchmark's parts (`npm run bench:load`): target start-up, scenario, client, tallies.
export { startTarget, type Target } from './server'
export { LoadRun, MIXED_OPS, type LoadOptions, type PhaseResult } from './scenario'
