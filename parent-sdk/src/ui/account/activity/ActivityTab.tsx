/** @jsxImportSource preact */
import type { Caip2Id } from '@keyframe/protocol/core'
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'preact/hooks'
import { getHistory } from '../../../api/getHistory.ts'
import type { Keyframe } from '../../../core/createKeyframe.ts'
import { chainApiOf } from '../../chainApi.ts'
import { useViewSignal } from '../../hooks.ts'
import { ACTIVITY_LOADING, type ActivityList, loadingMore, withFailure, withPage } from './activityList.ts'
import { activitySections } from './activitySections.ts'
import { activityStyles } from './activityStyles.ts'
import { describeTransaction } from './describeTransaction.ts'

export type ActivityTabProps = {
  kf: Keyframe
  /** The connected account. */
  address: string
  /** The connected chain (CAIP-2): the list shows its transactions only. */
  chainId: Caip2Id
}

/** The day of a transaction in its row ("Nov 20"); the month is the section's heading. */
const DAY = new Intl.DateTimeFormat('en', { month: 'short', day: 'numeric' })

/** How far below the visible end the next page starts loading, so scrolling rarely waits. */
const PREFETCH_MARGIN = '240px'

/**
 * The Account view's Activity tab (SPEC §2, §4, §5): the account's transactions on the connected chain from
 * chain-api, newest first, in month sections; spam-only transactions hidden. The next page loads as the end
 * of the list scrolls into view, or with "Load more" (keyboard). A failed fetch says 'Failed to fetch
 * transactions' and leaves the list empty with no cursor.
 */
export function ActivityTab(props: ActivityTabProps) {
  // Another account or chain is another list (SPEC §3 lastNetworkInView): start it afresh.
  return <AccountActivity key={`${props.chainId}:${props.address}`} {...props} />
}

function AccountActivity({ kf, address, chainId }: ActivityTabProps) {
  const [list, setList] = useState<ActivityList>(ACTIVITY_LOADING)
  const viewSignal = useViewSignal()
  const fetching = useRef(false)
  const more = useRef<HTMLButtonElement>(null)

  const load = useCallback(
    async (cursor: string | undefined) => {
      if (fetching.current) return
      fetching.current = true
      const signal = viewSignal()
      if (cursor) setList(loadingMore)
      try {
        const api = chainApiOf(kf)
        if (!api) throw new Error('No chainApiUrl')
        const page = await getHistory(api, { address, chainId, cursor, signal })
        if (!signal.aborted) setList((current) => withPage(current, page, chainId))
      } catch {
        if (signal.aborted || kf._internal.isDestroyed()) return
        kf._internal.toasts.show('error', 'Failed to fetch transactions')
        setList(withFailure)
      } finally {
        fetching.current = false
      }
    },
    [kf, address, chainId, viewSignal],
  )

  useLayoutEffect(() => {
    void load(undefined)
  }, [load])

  // The "Load more" button is also the sentinel: once it nears the visible end of the modal, the next page loads.
  const { next, loading, empty } = list
  useLayoutEffect(() => {
    const button = more.current
    if (!button || !next || loading || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) void load(next)
      },
      { rootMargin: PREFETCH_MARGIN },
    )
    observer.observe(button)
    return () => observer.disconnect()
  }, [next, loading, load])

  const sections = useMemo(() => activitySections(list.transactions, new Date()), [list.transactions])

  return (
    <div className="kf-activity" data-testid="kf-activity">
      <style>{activityStyles}</style>
      {empty && !loading ? (
        <p className="kf-note">No activity yet. Transactions you make on this network will show up here.</p>
      ) : (
        sections.map((section) => (
          <section key={section.key} aria-label={section.heading}>
            <h3 className="kf-activity-month">{section.heading}</h3>
            <ul className="kf-activity-list">
              {section.transactions.map((tx) => {
                const row = describeTransaction(tx)
                return (
                  <li key={tx.id} className="kf-activity-row" data-testid="kf-activity-row">
                    {row.imageUrl ? (
                      <img
                        className="kf-activity-image"
                        src={row.imageUrl}
                        alt=""
                        width={32}
                        height={32}
                        // Rows below the fold fetch their icon when scrolled to, not with the page.
                        loading="lazy"
                        decoding="async"
                      />
                    ) : (
                      <span className="kf-activity-image" aria-hidden="true" />
                    )}
                    <span>
                      <span className="kf-activity-title">
                        {row.title}
                        {row.failed && <span className="kf-activity-failed">Failed</span>}
                      </span>
                      <time className="kf-activity-date" dateTime={tx.metadata.minedAt}>
                        {DAY.format(new Date(tx.metadata.minedAt))}
                      </time>
                    </span>
                    <span className="kf-activity-amount">{row.amount}</span>
                  </li>
                )
              })}
            </ul>
          </section>
        ))
      )}
      {loading && list.transactions.length === 0 && (
        <p className="kf-waiting" role="status">
          <span className="kf-spinner" aria-hidden="true" />
          Loading activity…
        </p>
      )}
      {next && !empty && (
        <button
          ref={more}
          type="button"
          className="kf-button kf-link kf-activity-more"
          aria-disabled={loading || undefined}
          onClick={() => {
            if (!loading) void load(next)
          }}
        >
          {loading ? 'Loading…' : 'Load more'}
        </button>
      )}
    </div>
  )
}
