/**
 * The Receive view's styles, shipped in its chunk (a `<style>` in the modal's shadow root) rather than in the
 * modal's sheet. The QR code brings its own (`ui/qr/QrCode.tsx`).
 */
export const receiveStyles = /* css */ `
.kf-receive-address {
  margin: 0; padding: 10px 12px; border: 1px solid var(--kf-border); border-radius: var(--kf-radius-control);
  background: var(--kf-surface); font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
  font-size: 13px; text-align: center; overflow-wrap: anywhere; user-select: all;
}
.kf-receive-networks { margin: 0; padding: 0; list-style: none; display: flex; flex-wrap: wrap; gap: 6px; }
.kf-receive-networks li {
  padding: 4px 10px; border: 1px solid var(--kf-border); border-radius: 999px; font-size: 13px;
}
.kf-receive-networks li[aria-current='true'] { border-color: var(--kf-accent); }
.kf-receive-section { display: flex; flex-direction: column; gap: 8px; }
.kf-receive-section h3 { margin: 0; font-size: 13px; font-weight: 500; color: var(--kf-text-muted); }
`
