/** @jsxImportSource preact */
import { useMemo } from 'preact/hooks'
import { qrPath } from './qrPath.ts'

/**
 * `text` as a QR code: black modules on a white square that holds the quiet zone, whatever the theme.
 * `label` is what assistive technology reads in its place.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, d } = useMemo(() => qrPath(text), [text])
  return (
    <figure className="kf-qr" data-testid="kf-qr">
      <svg
        viewBox={`0 0 ${size} ${size}`}
        role="img"
        aria-label={label}
        shape-rendering="crispEdges"
        xmlns="http://www.w3.org/2000/svg"
      >
        <rect width={size} height={size} fill="#ffffff" />
        <path d={d} fill="#000000" />
      </svg>
    </figure>
  )
}
