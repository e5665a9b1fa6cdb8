/** @jsxImportSource preact */
import { useMemo } from 'preact/hooks'
import { qrPath } from './qrPath.ts'

/**
 * The code's styles travel with it (a `<style>` in the modal's shadow root), into the chunk of each view that
 * shows one. Dark on white in both themes: phone cameras read dark-on-light codes, and many misread an inverted one.
 */
const qrStyles = /* css */ `
.kf-qr { align-self: center; margin: 0; padding: 0; line-height: 0; border-radius: 12px; overflow: hidden; }
.kf-qr svg { display: block; }
`

/**
 * About this wide, rounded up so each module is a whole number of CSS pixels: modules that fall between
 * pixels come out one pixel wider or narrower at a 1× resolution, and a long code (a WalletConnect URI, 65
 * modules) then fails to decode.
 */
const TARGET_PX = 216

/**
 * `text` as a QR code: black modules on a white square that holds the quiet zone, whatever the theme.
 * `label` is what assistive technology reads in its place. Shared by the Receive and WalletConnect views.
 */
export function QrCode({ text, label }: { text: string; label: string }) {
  const { size, d } = useMemo(() => qrPath(text), [text])
  const px = Math.ceil(TARGET_PX / size) * size
  return (
    <figure className="kf-qr" data-testid="kf-qr">
      <style>{qrStyles}</style>
      <svg
        viewBox={`0 0 ${size} ${size}`}
        width={px}
        height={px}
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
