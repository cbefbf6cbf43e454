// Security headers on every response, with a CSP that fits the Vite React PWA, socket.io and the chain RPC.
import type { MiddlewareHandler } from 'hono';

/** The RPC URL plus its WebSocket twin, as CSP sources. */
function rpcSources(chainRpcUrl: string): string[] {
  const url = new URL(chainRpcUrl);
  const ws = new URL(chainRpcUrl);
  ws.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return [url.origin, ws.origin];
}

/** `contentOrigin`: where the generative sandbox is served (framed here, never a script source of the app). */
export function contentSecurityPolicy(chainRpcUrl: string, host: string | undefined, secure: boolean, contentOrigin: string): string {
  // Same-origin WebSocket for socket.io; older browsers do not let 'self' cover ws:.
  const selfWs = host ? [`${secure ? 'wss' : 'ws'}://${host}`] : [];
  const walletConnect = ['https://*.walletconnect.com', 'wss://*.walletconnect.com', 'https://*.walletconnect.org', 'wss://*.walletconnect.org'];
  const turnstile = 'https://challenges.cloudflare.com'; // contact form human check (docs/requirements.md#contact)
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    // No blob: and never the content origin: a creator's script cannot become one of the app's (the content origin for creators' scripts).
    'script-src': ["'self'", "'wasm-unsafe-eval'", turnstile],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:', 'https://*.walletconnect.com'],
    'media-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...selfWs, ...rpcSources(chainRpcUrl), ...walletConnect],
    'frame-src': ["'self'", 'blob:', contentOrigin, turnstile, 'https://verify.walletconnect.com', 'https://verify.walletconnect.org'],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': ["'none'"],
  };
  return Object.entries(directives)
    .map(([name, sources]) => `${name} ${sources.join(' ')}`)
    .join('; ');
}

export function securityHeaders(chainRpcUrl: string, contentOrigin: () => string): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const headers = c.res.headers;
    // Media responses set their own, stricter sandbox policy.
    if (!headers.has('Content-Security-Policy')) {
      const secure = new URL(c.req.url).protocol === 'https:';
      headers.set('Content-Security-Policy', contentSecurityPolicy(chainRpcUrl, c.req.header('host'), secure, contentOrigin()));
    }
    headers.set('X-Content-Type-Options', 'nosniff');
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
    if (!headers.has('X-Frame-Options')) headers.set('X-Frame-Options', 'DENY');
    headers.set('Cross-Origin-Opener-Policy', 'same-origin-allow-popups');
    headers.set('Permissions-Policy', 'camera=(), microphone=(), geolocation=()');
  };
}
