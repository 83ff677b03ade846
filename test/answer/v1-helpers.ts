// Helpers for /v1/chat/completions route tests: a JSON POST with the test API key, and the
// streamed chunks read back as parsed `data:` objects.

export function completionRequest(body: Record<string, unknown>): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer test-api-key' },
    body: JSON.stringify(body),
  }
}

/** The parsed `data:` payloads of an OpenAI chunk stream ([DONE] left out). */
export async function readChunks(res: Response): Promise<Record<string, unknown>[]> {
  const text = await res.text()
  return text
    .split('\n\n')
    .map((block) => block.replace(/^data: /, '').trim())
    .filter((data) => data && data !== '[DONE]')
    .map((data) => JSON.parse(data) as Record<string, unknown>)
}
