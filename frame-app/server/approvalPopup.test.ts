import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Hono } from 'hono'
import { afterAll, describe, expect, test } from 'vitest'
import { approvalPopupPage } from './approvalPopup.ts'

const webRoot = mkdtempSync(join(tmpdir(), 'keyframe-popup-web-'))
const html =
  '<!doctype html><html><head><script type="module" src="/assets/approve-abc.js"></script></head></html>'
writeFileSync(join(webRoot, 'approve.html'), html)
afterAll(() => rmSync(webRoot, { recursive: true, force: true }))

const appOn = (root: string) => new Hono().get('/approve', approvalPopupPage(root))

describe('GET /approve (the approval popup)', () => {
  test('behavior: serves the built popup document, never framed, scripts of its own origin only', async () => {
    const res = await appOn(webRoot).request('/approve')
    expect(res.status).toBe(200)
    expect(await res.text()).toBe(html)
    const csp = res.headers.get('Content-Security-Policy') ?? ''
    expect(csp.split('; ')).toEqual(
      expect.arrayContaining(["frame-ancestors 'none'", "script-src 'self'", "connect-src 'none'"]),
    )
    expect(csp).not.toContain('unsafe-inline')
    expect(res.headers.get('X-Frame-Options')).toBe('DENY')
  })

  test('behavior: keeps its opener (a stricter Cross-Origin-Opener-Policy would null window.opener)', async () => {
    const res = await appOn(webRoot).request('/approve')
    expect(res.headers.get('Cross-Origin-Opener-Policy')).toBe('unsafe-none')
  })

  test('behavior: 503 not_built before a build', async () => {
    const res = await appOn(join(webRoot, 'missing')).request('/approve')
    expect(res.status).toBe(503)
  })
})
