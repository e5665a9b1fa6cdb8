/**
 * The ConnectingWalletConnect view's styles, shipped in its chunk (a `<style>` in the modal's shadow root)
 * rather than in the modal's sheet. The box that holds the place of the QR code while the URI is on its way
 * has the size of a pairing URI's code (65 modules of 4 px), so nothing moves when the code appears.
 */
export const walletConnectStyles = /* css */ `
.kf-wc { align-items: stretch; }
.kf-wc-box {
  align-self: center; display: flex; align-items: center; justify-content: center;
  width: 260px; height: 260px; border-radius: 12px; background: var(--kf-surface);
}
.kf-wc-wallet { display: flex; align-items: center; justify-content: center; gap: 10px; margin: 0; }
.kf-wc-wallet img, .kf-wc-wallet .kf-wc-icon { width: 28px; height: 28px; border-radius: 8px; object-fit: contain; }
.kf-wc-hero { align-self: center; }
.kf-wc a.kf-button { text-decoration: none; }
.kf-wc .kf-waiting { margin: 0; }
`
