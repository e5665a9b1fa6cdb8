/** The Swap view's styles, shipped in its chunk (a `<style>` in the modal's shadow root). */
export const swapStyles = /* css */ `
.kf-swap-side { display: flex; flex-direction: column; gap: 6px; }
.kf-swap-row { display: flex; gap: 8px; }
.kf-swap-row .kf-input { min-width: 0; }
.kf-swap-amount { flex: 1; font-variant-numeric: tabular-nums; }
.kf-swap-token { flex: none; width: 128px; }
.kf-swap-out { display: flex; align-items: center; color: var(--kf-text); border-style: dashed; overflow: hidden; text-overflow: ellipsis; }
.kf-swap-hint { margin: 0; font-size: 13px; color: var(--kf-text-muted); }
.kf-swap-flip { align-self: center; margin: -4px 0; border: 1px solid var(--kf-border); }
.kf-swap-details { grid-template-columns: auto 1fr; font-size: 13px; }
`
