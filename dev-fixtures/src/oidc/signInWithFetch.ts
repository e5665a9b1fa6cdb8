/**
 * Plays the person at the stand-in with fetch and a cookie jar (server tests, no browser): follows the
 * authorization URL through the login page and the consent page, and returns the URL the provider sends the
 * person back to (the redirect URI with `code`, `state`, `iss` — or `error=access_denied`). `cookies` is the
 * browser's cookie jar, to run several flows in one browser (default: a new one).
 */
export async function signInWithFetch(
  authorizationUrl: string | URL,
  {
    login,
    consent = 'allow',
    cookies = new Map(),
  }: { login: string; consent?: 'allow' | 'deny'; cookies?: Map<string, string> },
): Promise<URL> {
  const origin = new URL(authorizationUrl).origin
  let request: { url: URL; form?: Record<string, string> } = { url: new URL(authorizationUrl) }
  for (let step = 0; step < 12; step++) {
    const response = await fetch(request.url, {
      method: request.form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join('; '),
        ...(request.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
      },
      ...(request.form ? { body: new URLSearchParams(request.form).toString() } : {}),
    })
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const at = pair.indexOf('=')
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()]
      const expired = attributes.some((a) => /^\s*expires=Thu, 01 Jan 1970/i.test(a)) || value === ''
      if (expired) cookies.delete(name)
      else cookies.set(name, value)
    }
    const location = response.headers.get('location')
    if (location) {
      const next = new URL(location, request.url)
      if (next.origin !== origin) return next
      request = { url: next }
      continue
    }
    const page = await response.text()
    if (!response.ok) throw new Error(`The provider answered ${response.status}: ${textOf(page)}`)
    if (page.includes('name="login"')) request = { url: request.url, form: { login } }
    else if (page.includes('name="consent"')) request = { url: request.url, form: { consent } }
    else throw new Error(`Unexpected page at ${request.url}: ${textOf(page)}`)
  }
  throw new Error('The provider never sent the person back')
}

/** A page's words, for an error message. */
const textOf = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 300)
