/** The Buy view's styles, shipped in its chunk (a `<style>` in the modal's shadow root). */
export const buyStyles = /* css */ `
.kf-buy-pair { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; }
fieldset.kf-providers { margin: 0; padding: 0; border: 0; min-width: 0; display: flex; flex-direction: column; gap: 8px; }
.kf-providers legend { padding: 0; margin-bottom: 6px; font-size: 13px; color: var(--kf-text-muted); }
.kf-provider {
  display: grid; grid-template-columns: auto 1fr; gap: 2px 10px; align-items: start; padding: 12px;
  border: 1px solid var(--kf-border); border-radius: var(--kf-radius-control); background: var(--kf-surface);
  cursor: pointer;
}
.kf-provider:has(input:checked) { border-color: var(--kf-accent); }
.kf-provider input { grid-row: span 3; margin: 3px 0 0; accent-color: var(--kf-accent); width: 16px; height: 16px; }
.kf-provider-name { font-weight: 600; }
.kf-provider dl { display: grid; grid-template-columns: auto 1fr; gap: 2px 12px; margin: 4px 0 0; font-size: 13px; }
.kf-provider dt { color: var(--kf-text-muted); }
.kf-provider dd { margin: 0; text-align: right; overflow-wrap: anywhere; }
.kf-provider-note { font-size: 12px; color: var(--kf-text-muted); }
.kf-field .kf-hint { margin-top: 6px; text-align: left; }
`
