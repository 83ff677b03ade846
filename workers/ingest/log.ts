// Structured log lines for the ingest consumer: one JSON object per event, no stacks.

export type LogLevel = 'info' | 'warn' | 'error'

export function logIngest(
  level: LogLevel,
  event: string,
  fields: Record<string, unknown> = {},
): void {
  const line = JSON.stringify({ scope: 'ingest', level, event, ...fields })
  if (level === 'error') console.error(line)
  else if (level === 'warn') console.warn(line)
  else console.log(line)
}
