// @vitest-environment jsdom
import { beforeEach, describe, expect, onTestFinished, test, vi } from 'vitest'
import { requestApproval } from './requestApproval.ts'
import { isUsable, setUsable } from './screen.ts'
import {
  ACCOUNT,
  ask,
  BASE,
  button,
  buttons,
  click,
  disabled,
  events,
  eventTypes,
  FakeResizeObserver,
  headings,
  installApprovalBrowser,
  io,
  MESSAGE,
  press,
  provide,
  rows,
  screen,
  stateNow,
  TIMEOUT_MS,
  title,
  visible,
  withoutV2,
} from './testApprovals.ts'

const BOB = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SPENDER = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const KUSD = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'

installApprovalBrowser()

describe('the screen', () => {
  test('default: a message — site, network, account, the text, Reject and a disabled Approve', async () => {
    const { id, answer } = ask()
    expect(title()).toBe('Sign message')
    expect(rows()).toEqual([
      ['Site', 'http://127.0.0.1:5173'],
      ['Network', 'Keyframe Local (31337)'],
      ['Account', ACCOUNT],
    ])
    expect(headings()).toEqual(['Message'])
    expect(document.querySelector('pre')?.textContent).toBe('Hello, Keyframe')
    expect(buttons().map((b) => [b.textContent, isUsable(b)])).toEqual([
      ['Reject', true],
      ['Approve', false],
    ])
    expect(button('Reject')).toMatchObject({ tagName: 'BUTTON', type: 'button' })
    // Approve is not a <button> (pressing one would ask for a frame: `screen.ts`), but is one to assistive
    // technology and the keyboard.
    expect(button('Approve').tagName).not.toBe('BUTTON')
    expect(button('Approve').getAttribute('role')).toBe('button')
    expect(button('Approve').getAttribute('aria-disabled')).toBe('true')
    expect(button('Approve').tabIndex).toBe(0)
    expect(screen()?.getAttribute('role')).toBe('dialog')
    expect(events).toEqual([['APPROVAL_REQUESTED', { id, method: 'personal_sign' }]])
    expect(await stateNow(answer)).toBe('pending')
  })

  test('behavior: a message that is not printable shows as hex', () => {
    ask({ ...MESSAGE, text: null, hex: '0xdeadbeef' })
    expect(headings()).toEqual(['Message (hex)'])
    expect(document.querySelector('pre')?.textContent).toBe('0xdeadbeef')
  })

  test('behavior: what the dApp wrote is shown as text, never markup', () => {
    ask({ ...MESSAGE, text: '<img src=x onerror="alert(1)">', origin: 'https://<b>evil</b>.test' })
    expect(document.querySelector('img, b')).toBeNull()
    expect(document.querySelector('pre')?.textContent).toBe('<img src=x onerror="alert(1)">')
    expect(rows()[0]).toEqual(['Site', 'https://<b>evil</b>.test'])
  })

  test('behavior: typed data — the domain, the primary type and the message fields, nested', () => {
    ask({
      ...BASE,
      method: 'eth_signTypedData_v4',
      kind: 'typedData',
      domain: { verifyingContract: KUSD, name: 'Ether Mail', chainId: 31337, version: '1', salt: '0x01' },
      primaryType: 'Mail',
      message: {
        from: { name: 'Ada', wallet: ACCOUNT },
        to: [{ name: 'Bob', wallet: BOB }],
        contents: 'Hello, Bob!',
        amount: 10n ** 30n,
      },
    })
    expect(title()).toBe('Sign typed data')
    expect(headings()).toEqual(['Domain', 'Mail'])
    expect(rows().slice(3)).toEqual([
      ['Name', 'Ether Mail'],
      ['Version', '1'],
      ['Chain ID', '31337'],
      ['Contract', KUSD],
      ['Salt', '0x01'],
      ['from', `nameAdawallet${ACCOUNT}`],
      ['to', `[0]nameBobwallet${BOB}`],
      ['contents', 'Hello, Bob!'],
      ['amount', '1000000000000000000000000000000'],
    ])
    const nested = [...document.querySelectorAll('dd dl dl > div')].map((r) => [
      r.querySelector('dt')?.textContent,
      r.querySelector('dd')?.textContent,
    ])
    expect(nested).toEqual([
      ['name', 'Bob'],
      ['wallet', BOB],
    ])
  })

  test('behavior: typed data v1 — its fields as a list, each with its type', () => {
    ask({
      ...BASE,
      method: 'eth_signTypedData',
      kind: 'typedDataV1',
      fields: [
        { type: 'string', name: 'Message', value: 'Hi, Alice!' },
        { type: 'uint32', name: 'A number', value: '1337' },
        { type: 'bool', name: 'ok', value: true },
      ],
    })
    expect(title()).toBe('Sign typed data')
    expect(headings()).toEqual(['Message'])
    expect(rows().slice(3)).toEqual([
      ['Message (string)', 'Hi, Alice!'],
      ['A number (uint32)', '1337'],
      ['ok (bool)', 'true'],
    ])
  })

  test('behavior: typed data whose signature binds no domain field says so', () => {
    ask({
      ...BASE,
      method: 'eth_signTypedData_v4',
      kind: 'typedData',
      domain: {},
      primaryType: 'M',
      message: {},
    })
    expect(rows().slice(3, 4)).toEqual([['None', 'Not bound to a site or chain']])
  })

  test('behavior: calls — token transfer, unlimited and limited approve, unknown data, value, deploy, fee', () => {
    const token = { symbol: 'kUSD', decimals: 6, address: KUSD } as const
    const data = `0x12345678${'ab'.repeat(64)}cd` as const
    ask({
      ...BASE,
      method: 'wallet_sendCalls',
      kind: 'calls',
      calls: [
        {
          to: KUSD,
          value: '0',
          decoded: { kind: 'erc20Transfer', token: { ...token, amount: '12.5' }, to: BOB },
        },
        {
          to: KUSD,
          value: '0',
          decoded: {
            kind: 'erc20Approve',
            token: { ...token, amount: '0' },
            spender: SPENDER,
            unlimited: true,
          },
        },
        {
          to: KUSD,
          value: '0.1',
          decoded: {
            kind: 'erc20Approve',
            token: { ...token, amount: '5' },
            spender: SPENDER,
            unlimited: false,
          },
        },
        { to: SPENDER, value: '0', decoded: { kind: 'unknown', data } },
        { to: BOB, value: '0.5' },
        { to: null, value: '0', decoded: { kind: 'unknown', data: '0x6080' } },
      ],
      fee: '0.000042 ETH',
    })
    expect(title()).toBe('Approve 6 calls')
    expect(headings()).toEqual([1, 2, 3, 4, 5, 6].map((n) => `Call ${n} of 6`))
    expect(rows().slice(3)).toEqual([
      ['Send', '12.5 kUSD'],
      ['To', BOB],
      ['Token', KUSD],
      ['Allow to spend', 'Unlimited kUSD'],
      ['Spender', SPENDER],
      ['Token', KUSD],
      ['Allow to spend', '5 kUSD'],
      ['Spender', SPENDER],
      ['Token', KUSD],
      // Native currency sent along with a token call is never hidden.
      ['Value', '0.1 ETH'],
      ['To', SPENDER],
      ['Value', '0 ETH'],
      ['Function', '0x12345678'],
      ['Data', `0x12345678${'ab'.repeat(8)}…abababcd (69 bytes)`],
      ['To', BOB],
      ['Value', '0.5 ETH'],
      // Deployment code has no function to name.
      ['To', 'New contract'],
      ['Value', '0 ETH'],
      ['Data', '0x6080 (2 bytes)'],
      ['Network fee', '0.000042 ETH'],
    ])
  })

  test('behavior: one transaction has no call headings; a fee that could not be estimated says so', () => {
    ask({
      ...BASE,
      method: 'eth_sendTransaction',
      kind: 'calls',
      calls: [{ to: BOB, value: '1' }],
      fee: null,
    })
    expect(title()).toBe('Approve transaction')
    expect(headings()).toEqual([])
    expect(rows().slice(3)).toEqual([
      ['To', BOB],
      ['Value', '1 ETH'],
      ['Network fee', 'Unknown'],
    ])
  })

  test('behavior: a long fee shows 6 significant digits, rounded up, with the exact amount as its title', () => {
    ask({
      ...BASE,
      method: 'eth_sendTransaction',
      kind: 'calls',
      calls: [{ to: BOB, value: '1' }],
      fee: '0.000062493619943799 ETH',
    })
    expect(rows().at(-1)).toEqual(['Network fee', '0.0000624937 ETH'])
    const fee = [...document.querySelectorAll('dt')].find((dt) => dt.textContent === 'Network fee')
    expect(fee?.nextElementSibling?.querySelector('[title]')?.getAttribute('title')).toBe(
      '0.000062493619943799 ETH',
    )
  })

  test('behavior: styles come from a constructed sheet (the CSP blocks <style>), removed with the screen', async () => {
    // jsdom constructs sheets but has no adoptedStyleSheets; a browser's plain array property stands in.
    Object.defineProperty(document, 'adoptedStyleSheets', { value: [], writable: true, configurable: true })
    onTestFinished(() => void delete (document as { adoptedStyleSheets?: unknown }).adoptedStyleSheets)
    const { controller, answer } = ask()
    expect(document.querySelector('style, [style]')).toBeNull()
    expect(document.adoptedStyleSheets).toHaveLength(1)
    const rules = [...document.adoptedStyleSheets[0]!.cssRules].map((r) => r.cssText).join('\n')
    expect(rules).toContain('var(--kf-bg')
    expect(rules).toContain('data-theme')
    controller.abort()
    await answer.catch(() => {})
    expect(document.adoptedStyleSheets).toHaveLength(0)
  })

  test('behavior: focus goes to the details, not a button; Tab goes details → Reject → Approve and stays on the screen', async () => {
    vi.useFakeTimers()
    await visible()
    const details = document.querySelector<HTMLElement>('.kfa-body')!
    expect(document.activeElement).toBe(details)
    // A scroll area in the tab order, named for assistive technology.
    expect(details.tabIndex).toBe(0)
    expect(details.getAttribute('role')).toBe('region')
    expect(details.getAttribute('aria-label')).toBe('Request details')
    // Inside the cycle the browser's own Tab moves on (not prevented); at its ends it wraps.
    expect(press('Tab')).toBe(false)
    button('Reject').focus()
    expect(press('Tab')).toBe(false)
    button('Approve').focus()
    expect(press('Tab')).toBe(true)
    expect(document.activeElement).toBe(details)
    expect(press('Tab', true)).toBe(true)
    expect(document.activeElement).toBe(button('Approve'))
    // When the parent focuses the frame again, what had focus on the screen keeps it.
    window.dispatchEvent(new FocusEvent('focus'))
    expect(document.activeElement).toBe(button('Approve'))
  })
})

describe('the visibility gate', () => {
  beforeEach(() => vi.useFakeTimers())

  test('default: IntersectionObserver v2 — Approve works after 1000 ms visible, not before', async () => {
    const { id } = ask()
    expect(io().options).toMatchObject({ trackVisibility: true, delay: 100 })
    expect(io().targets).toEqual([screen()])
    io().report({ isVisible: true })
    await vi.advanceTimersByTimeAsync(999)
    expect(disabled('Approve')).toBe(true)
    await vi.advanceTimersByTimeAsync(1)
    expect(disabled('Approve')).toBe(false)
    expect(events).toEqual([
      ['APPROVAL_REQUESTED', { id, method: 'personal_sign' }],
      ['APPROVAL_VISIBLE', { id }],
    ])
  })

  test('behavior: covered (isVisible false), partly out of view or the document hidden: never usable', async () => {
    ask()
    io().report({ isVisible: false })
    await vi.advanceTimersByTimeAsync(5000)
    expect(disabled('Approve')).toBe(true)
    io().report({ isVisible: true, intersectionRatio: 0.8 })
    await vi.advanceTimersByTimeAsync(5000)
    expect(disabled('Approve')).toBe(true)
    const hidden = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden')
    onTestFinished(() => hidden.mockRestore())
    io().report({ isVisible: true })
    await vi.advanceTimersByTimeAsync(5000)
    expect(disabled('Approve')).toBe(true)
    hidden.mockReturnValue('visible')
    document.dispatchEvent(new Event('visibilitychange'))
    await vi.advanceTimersByTimeAsync(1000)
    expect(disabled('Approve')).toBe(false)
    expect(eventTypes()).toEqual(['APPROVAL_REQUESTED', 'APPROVAL_VISIBLE'])
  })

  test('behavior: any change restarts the clock — a new report, a resize of the window or the screen', async () => {
    ask()
    io().report()
    await vi.advanceTimersByTimeAsync(900)
    window.dispatchEvent(new Event('resize'))
    await vi.advanceTimersByTimeAsync(900)
    expect(disabled('Approve')).toBe(true)
    FakeResizeObserver.last?.callback()
    await vi.advanceTimersByTimeAsync(900)
    io().report()
    await vi.advanceTimersByTimeAsync(900)
    expect(disabled('Approve')).toBe(true)
    await vi.advanceTimersByTimeAsync(100)
    expect(disabled('Approve')).toBe(false)

    // Usable, then covered: disabled at once, and a full second again once uncovered.
    io().report({ isVisible: false })
    expect(disabled('Approve')).toBe(true)
    io().report({ isVisible: true })
    await vi.advanceTimersByTimeAsync(999)
    expect(disabled('Approve')).toBe(true)
    await vi.advanceTimersByTimeAsync(1)
    expect(disabled('Approve')).toBe(false)
    expect(eventTypes()).toEqual(['APPROVAL_REQUESTED', 'APPROVAL_VISIBLE', 'APPROVAL_VISIBLE'])
  })

  test('behavior: without v2 (no isVisible), v1 — the whole screen in view and the document visible', async () => {
    withoutV2()
    provide('IntersectionObserverEntry', class {})
    ask()
    expect(io().options).not.toHaveProperty('trackVisibility')
    io().report({ intersectionRatio: 0.5 })
    await vi.advanceTimersByTimeAsync(2000)
    expect(disabled('Approve')).toBe(true)
    io().report({ intersectionRatio: 1 })
    await vi.advanceTimersByTimeAsync(1000)
    expect(disabled('Approve')).toBe(false)
  })

  test('behavior: without IntersectionObserver at all, Approve never works (fails closed)', async () => {
    provide('IntersectionObserver', undefined)
    const { answer } = ask()
    await vi.advanceTimersByTimeAsync(10_000)
    expect(disabled('Approve')).toBe(true)
    // Reject still works.
    expect(disabled('Reject')).toBe(false)
    click(button('Reject'))
    await expect(answer).rejects.toMatchObject({ code: 4001 })
  })

  test('behavior: the gate stops with the screen', async () => {
    const { controller } = await visible()
    const observer = io()
    controller.abort()
    expect(observer.disconnected).toBe(true)
  })
})

describe('deciding', () => {
  beforeEach(() => vi.useFakeTimers())

  test('default: a trusted click on Approve resolves; the screen goes; events in order', async () => {
    const { id, answer } = await visible()
    click(button('Approve'))
    await expect(answer).resolves.toBeUndefined()
    expect(screen()).toBeNull()
    expect(events).toEqual([
      ['APPROVAL_REQUESTED', { id, method: 'personal_sign' }],
      ['APPROVAL_VISIBLE', { id }],
      ['APPROVAL_CLOSED', { id }],
    ])
  })

  test('behavior: a click a script made (isTrusted false) does nothing, even once Approve is usable', async () => {
    const { answer } = await visible()
    button('Approve').click()
    button('Approve').dispatchEvent(new MouseEvent('click', { bubbles: true }))
    button('Approve').dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }))
    expect(await stateNow(answer)).toBe('pending')
    button('Reject').click()
    screen()!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }))
    expect(await stateNow(answer)).toBe('pending')
    expect(eventTypes()).toEqual(['APPROVAL_REQUESTED', 'APPROVAL_VISIBLE'])
  })

  test('behavior: Approve before the gate opens does nothing, even trusted', async () => {
    const { answer } = ask()
    io().report()
    await vi.advanceTimersByTimeAsync(500)
    // As if the button had been enabled behind the gate's back.
    setUsable(button('Approve'), true)
    click(button('Approve'))
    expect(await stateNow(answer)).toBe('pending')
  })

  test('behavior: Reject rejects with 4001 at once, no wait needed', async () => {
    const { id, answer } = ask()
    click(button('Reject'))
    const error = await answer.catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'UserRejectedRequestError', code: 4001 })
    expect(error).toMatchInlineSnapshot(`[UserRejectedRequestError: User rejected the request.]`)
    expect(screen()).toBeNull()
    expect(events).toEqual([
      ['APPROVAL_REQUESTED', { id, method: 'personal_sign' }],
      ['APPROVAL_CLOSED', { id }],
    ])
  })

  test('behavior: Escape is Reject', async () => {
    const { answer } = ask()
    press('Escape')
    await expect(answer).rejects.toMatchObject({ code: 4001 })
    expect(eventTypes()).toEqual(['APPROVAL_REQUESTED', 'APPROVAL_CLOSED'])
  })

  test('behavior: undecided for timeoutMs from when it shows: 4001', async () => {
    const { answer } = ask(MESSAGE, { timeoutMs: 5000 })
    io().report()
    await vi.advanceTimersByTimeAsync(4999)
    expect(await stateNow(answer)).toBe('pending')
    await vi.advanceTimersByTimeAsync(1)
    await expect(answer).rejects.toMatchObject({ name: 'UserRejectedRequestError', code: 4001 })
    expect(screen()).toBeNull()
    expect(eventTypes()).toEqual(['APPROVAL_REQUESTED', 'APPROVAL_VISIBLE', 'APPROVAL_CLOSED'])
  })

  test('behavior: the signal aborting takes the screen down with RequestAbortedError', async () => {
    const { id, answer, controller } = ask()
    controller.abort()
    const error = await answer.catch((e: unknown) => e)
    expect(error).toMatchObject({ name: 'RequestAbortedError', message: 'Request was aborted' })
    expect(screen()).toBeNull()
    expect(events).toEqual([
      ['APPROVAL_REQUESTED', { id, method: 'personal_sign' }],
      ['APPROVAL_CLOSED', { id }],
    ])
  })

  test('behavior: an already aborted signal rejects at once and shows nothing', async () => {
    const controller = new AbortController()
    controller.abort()
    const answer = requestApproval(MESSAGE, {
      id: crypto.randomUUID(),
      signal: controller.signal,
      emit: (type, params) => void events.push([type, params]),
      timeoutMs: TIMEOUT_MS,
    })
    await expect(answer).rejects.toMatchObject({ name: 'RequestAbortedError' })
    expect(screen()).toBeNull()
    expect(events).toEqual([])
  })

  test('behavior: after the decision, an abort or the timeout changes nothing', async () => {
    const { answer, controller } = await visible()
    click(button('Approve'))
    await answer
    controller.abort()
    await vi.advanceTimersByTimeAsync(TIMEOUT_MS)
    await expect(answer).resolves.toBeUndefined()
    expect(eventTypes()).toEqual(['APPROVAL_REQUESTED', 'APPROVAL_VISIBLE', 'APPROVAL_CLOSED'])
  })
})

describe('one at a time', () => {
  beforeEach(() => vi.useFakeTimers())

  test('default: a second approval waits for the first, then shows with a fresh gate and timeout', async () => {
    const first = await visible()
    const second = ask({ ...MESSAGE, text: 'Second' }, { timeoutMs: 5000 })
    expect(document.querySelectorAll('section')).toHaveLength(1)
    expect(document.querySelector('pre')?.textContent).toBe('Hello, Keyframe')
    // Its time to decide starts when it shows.
    await vi.advanceTimersByTimeAsync(10_000)
    expect(await stateNow(second.answer)).toBe('pending')

    click(button('Approve'))
    await first.answer
    expect(document.querySelector('pre')?.textContent).toBe('Second')
    expect(disabled('Approve')).toBe(true)
    io().report()
    await vi.advanceTimersByTimeAsync(1000)
    click(button('Approve'))
    await expect(second.answer).resolves.toBeUndefined()
    expect(events).toEqual([
      ['APPROVAL_REQUESTED', { id: first.id, method: 'personal_sign' }],
      ['APPROVAL_VISIBLE', { id: first.id }],
      ['APPROVAL_CLOSED', { id: first.id }],
      ['APPROVAL_REQUESTED', { id: second.id, method: 'personal_sign' }],
      ['APPROVAL_VISIBLE', { id: second.id }],
      ['APPROVAL_CLOSED', { id: second.id }],
    ])
  })

  test('behavior: a waiting approval aborted leaves the queue quietly; the next one still comes', async () => {
    const first = ask()
    const second = ask({ ...MESSAGE, text: 'Second' })
    const third = ask({ ...MESSAGE, text: 'Third' })
    second.controller.abort()
    await expect(second.answer).rejects.toMatchObject({ name: 'RequestAbortedError' })
    click(button('Reject'))
    await expect(first.answer).rejects.toMatchObject({ code: 4001 })
    expect(document.querySelector('pre')?.textContent).toBe('Third')
    expect(events.filter(([, params]) => (params as { id: string }).id === second.id)).toEqual([])
    expect(eventTypes()).toEqual(['APPROVAL_REQUESTED', 'APPROVAL_CLOSED', 'APPROVAL_REQUESTED'])
    expect(await stateNow(third.answer)).toBe('pending')
  })
})
