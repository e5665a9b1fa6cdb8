import { describe, expect, test } from 'vitest'
import { renderFrameHtml, toScriptJson } from './frameHtml.ts'

const html = '<!doctype html><html><head><title>x</title></head><body></body></html>'

describe('renderFrameHtml', () => {
  test('default: a JSON data script before </head>', () => {
    expect(
      renderFrameHtml(html, { projectId: 'dev', allowedOrigins: ['http://127.0.0.1:5173'] }),
    ).toMatchInlineSnapshot(`
      "<!doctype html><html><head><title>x</title><script type="application/json" id="keyframe-config">{"projectId":"dev","allowedOrigins":["http://127.0.0.1:5173"]}</script>
      </head><body></body></html>"
    `)
  })

  test('behavior: nothing in the config can end the script or be read as a replacement pattern', () => {
    const hostile = {
      projectId: '</script><script>alert(1)</script>',
      allowedOrigins: ['<!--', '$&', "$'", '&amp;'],
    }
    const out = renderFrameHtml(html, hostile)
    const script =
      /<script type="application\/json" id="keyframe-config">(.*?)<\/script>/s.exec(out)?.[1] ?? ''
    expect(script).not.toMatch(/[<>]/)
    expect(out.match(/<\/script>/g)).toHaveLength(1)
    expect(JSON.parse(script)).toEqual(hostile)
  })

  test('behavior: only projectId and allowedOrigins are written', () => {
    const out = renderFrameHtml(html, {
      projectId: 'dev',
      allowedOrigins: [],
      secret: 'x',
    } as unknown as Parameters<typeof renderFrameHtml>[1])
    expect(out).not.toContain('secret')
  })

  test('parameters: chains and the approval timeout are written when given', () => {
    const chains = [
      {
        id: 31337,
        name: 'Keyframe <Local>',
        rpcUrl: 'http://127.0.0.1:8545',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      },
    ]
    const out = renderFrameHtml(html, {
      projectId: 'dev',
      allowedOrigins: [],
      chains,
      approvalTimeoutMs: 5000,
    })
    const script = /id="keyframe-config">(.*?)<\/script>/s.exec(out)?.[1] ?? ''
    expect(script).not.toMatch(/[<>]/)
    expect(JSON.parse(script)).toEqual({
      projectId: 'dev',
      allowedOrigins: [],
      chains,
      approvalTimeoutMs: 5000,
    })
  })

  test('error: a document without </head>', () => {
    expect(() => renderFrameHtml('<html></html>', { projectId: 'dev', allowedOrigins: [] })).toThrow(
      'The frame document has no </head>',
    )
  })
})

test('toScriptJson escapes <, >, &, U+2028 and U+2029', () => {
  expect(toScriptJson({ a: '<>&\u2028\u2029' })).toBe('{"a":"\\u003c\\u003e\\u0026\\u2028\\u2029"}')
})
