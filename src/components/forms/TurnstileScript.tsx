/** Cloudflare Turnstile's loader, only on pages whose form has Turnstile switched on. */
export function TurnstileScript() {
  return <script src="https://challenges.cloudflare.com/turnstile/v0/api.js" async defer />;
}
