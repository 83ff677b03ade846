// Whether a request reached a local development server (`npm start`, `wrangler dev`, tests)
// rather than a deployment. On Cloudflare a Worker is reached only through a hostname routed to
// it (workers.dev, a route or a custom domain), and request.url carries that hostname; a
// loopback name or address can only be served by workerd on this machine. `wrangler dev`
// rewrites the URL to a configured route's host, which then counts as deployed: the safe side.

const LOOPBACK_HOSTS = /^(localhost|[^.]+\.localhost|127(?:\.\d{1,3}){3}|\[::1\])$/i

export function isLocalRequest(url: string): boolean {
  try {
    return LOOPBACK_HOSTS.test(new URL(url).hostname)
  } catch {
    return false
  }
}
