// The widget's part of /openapi.json: the script route (its API calls are POST /api/ask).
import type { openApi } from '../http'

export const widgetOpenApi: openApi.OpenApiPart = {
  paths: () => ({
    '/widget.js': {
      get: {
        summary:
          'The embeddable chat widget: <script src="/widget.js" data-quire-endpoint data-mode data-title data-key async>. Cacheable (ETag, short max-age), loadable from any origin; its API calls are accepted only from WIDGET_ORIGINS, and data-key is a WIDGET_PUBLIC_KEYS key (X-Quire-Widget-Key) that can only ask.',
        responses: {
          '200': {
            description: 'JavaScript',
            content: { 'text/javascript': { schema: { type: 'string' } } },
          },
          '304': { description: 'Not modified (If-None-Match matched the ETag)' },
          '404': { description: 'The widget was not built' },
        },
      },
    },
  }),
}
