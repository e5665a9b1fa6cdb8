/** @jsxImportSource preact */
import type { Caip2Id } from '@keyframe/protocol/core'
import type { TargetedKeyboardEvent } from 'preact'
import { useId, useRef, useState } from 'preact/hooks'
import type { Keyframe } from '../../core/createKeyframe.ts'
import { lazyView } from '../lazyView.tsx'
import { NftsTab } from './NftsTab.tsx'
import type { Portfolio } from './portfolio.ts'
import { TokensTab } from './TokensTab.tsx'

/** The Activity tab, a chunk of its own, loaded when the tab is first shown (never with `history: false`). */
const ActivityTab = lazyView(() => import('./activity/ActivityTab.tsx').then((m) => m.ActivityTab))

const TABS = ['Tokens', 'NFTs', 'Activity'] as const
type Tab = (typeof TABS)[number]

/** The keys that move between tabs (WAI-ARIA tabs pattern, automatic activation), and where each goes. */
function nextTab(tabs: readonly Tab[], current: Tab, key: string): Tab | undefined {
  const at = tabs.indexOf(current)
  if (key === 'ArrowRight') return tabs[(at + 1) % tabs.length]
  if (key === 'ArrowLeft') return tabs[(at - 1 + tabs.length) % tabs.length]
  if (key === 'Home') return tabs[0]
  if (key === 'End') return tabs[tabs.length - 1]
  return undefined
}

/**
 * The Account view's tabs (SPEC §2): Tokens, NFTs and, with the `history` feature, Activity. A tablist with
 * one tab in the Tab order (the selected one); arrows, Home and End move between tabs and show each.
 */
export function AccountTabs(props: {
  kf: Keyframe
  address: string
  chainId: Caip2Id
  portfolio: Portfolio
  revision: number
}) {
  const { kf, address, chainId, portfolio, revision } = props
  const tabs = TABS.filter((tab) => tab !== 'Activity' || kf._internal.features.history)
  const [selected, setSelected] = useState<Tab>('Tokens')
  const id = useId()
  const list = useRef<HTMLDivElement>(null)
  const shown = tabs.includes(selected) ? selected : 'Tokens'

  function onKeyDown(event: TargetedKeyboardEvent<HTMLDivElement>) {
    const next = nextTab(tabs, shown, event.key)
    if (!next) return
    event.preventDefault()
    setSelected(next)
    list.current?.querySelector<HTMLElement>(`#${CSS.escape(`${id}-tab-${next}`)}`)?.focus()
  }

  return (
    <div className="kf-tabs">
      <div ref={list} role="tablist" aria-label="Wallet" className="kf-tablist" onKeyDown={onKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab}
            type="button"
            role="tab"
            id={`${id}-tab-${tab}`}
            aria-selected={tab === shown}
            aria-controls={`${id}-panel`}
            tabIndex={tab === shown ? 0 : -1}
            className="kf-tab"
            onClick={() => setSelected(tab)}
          >
            {tab}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${id}-panel`}
        aria-labelledby={`${id}-tab-${shown}`}
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a tabpanel is focusable (WAI-ARIA tabs pattern)
        tabIndex={0}
        className="kf-tabpanel"
        data-tab={shown}
      >
        {shown === 'Tokens' && <TokensTab portfolio={portfolio} />}
        {shown === 'NFTs' && <NftsTab kf={kf} address={address} chainId={chainId} revision={revision} />}
        {shown === 'Activity' && (
          <ActivityTab key={`${chainId}:${address}`} kf={kf} address={address} chainId={chainId} />
        )}
      </div>
    </div>
  )
}
