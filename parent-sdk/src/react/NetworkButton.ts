import { createElement } from 'react'
import type { Keyframe } from '../core/createKeyframe.ts'
import { useKeyframe } from './useKeyframe.ts'
import { useNetwork } from './useNetwork.ts'

export type NetworkButtonProps = {
  /** The instance; default the nearest KeyframeProvider's. */
  keyframe?: Keyframe
  /** Class of the button, to style it with the page's CSS. */
  className?: string
}

/**
 * A button naming the active network ('Unknown Network' for a chain the dApp does not list) that opens the
 * modal on Networks. Unstyled: it lives in the page. Without React, call `kf.open({ view: 'Networks' })`.
 * @example
 * import { NetworkButton } from '@keyframe/sdk/react'
 * <NetworkButton className="network" />
 */
export function NetworkButton({ keyframe, className }: NetworkButtonProps) {
  const kf = useKeyframe(keyframe ? { keyframe } : {})
  const network = useNetwork({ keyframe: kf })
  return createElement(
    'button',
    {
      type: 'button',
      className,
      'data-keyframe-network': network.caipNetworkId,
      onClick: () => {
        kf.open({ view: 'Networks' }).catch(() => {})
      },
    },
    network.name,
  )
}
