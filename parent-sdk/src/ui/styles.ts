/**
 * The modal's stylesheet, inside its shadow root: the page's CSS cannot reach in, ours cannot leak out.
 * Theme by CSS variables on the root element (`data-theme="dark|light"`); `themeVariables` set inline on
 * that element win over these defaults.
 */
export const styles = /* css */ `
:host { all: initial; }
.kf-root {
  --kf-font-family: system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif;
  --kf-radius: 20px;
  --kf-radius-control: 12px;
  --kf-bg: #17181b;
  --kf-surface: #222428;
  --kf-surface-hover: #2c2f34;
  --kf-border: #33363c;
  /* An input's edge, its only cue: ≥ 3:1 on --kf-bg and on --kf-surface (WCAG 1.4.11), unlike --kf-border. */
  --kf-control: #717782;
  --kf-text: #f3f4f6;
  --kf-text-muted: #a0a6b0;
  --kf-accent: #7b93ff;
  --kf-accent-text: #0c0f1a;
  --kf-focus: #a5b6ff;
  --kf-success: #3ecf8e;
  --kf-error: #ff7a7a;
  --kf-backdrop: rgba(0, 0, 0, 0.62);
  --kf-shadow: 0 24px 64px rgba(0, 0, 0, 0.45);
  color-scheme: dark;
}
.kf-root[data-theme='light'] {
  --kf-bg: #ffffff;
  --kf-surface: #f3f4f6;
  --kf-surface-hover: #e8eaee;
  --kf-border: #e0e3e8;
  --kf-control: #7d8490;
  --kf-text: #15171a;
  --kf-text-muted: #5d6470;
  --kf-accent: #3554d1;
  --kf-accent-text: #ffffff;
  --kf-focus: #3554d1;
  --kf-success: #0f9960;
  --kf-error: #d23c3c;
  --kf-backdrop: rgba(16, 18, 22, 0.42);
  --kf-shadow: 0 24px 64px rgba(16, 18, 22, 0.18);
  color-scheme: light;
}
*, *::before, *::after { box-sizing: border-box; }
.kf-overlay {
  position: fixed; inset: 0; z-index: 2147483000;
  display: flex; align-items: center; justify-content: center; padding: 16px;
  background: var(--kf-backdrop);
  font-family: var(--kf-font-family); font-size: 14px; line-height: 1.4; color: var(--kf-text);
  -webkit-font-smoothing: antialiased;
  animation: kf-fade 150ms ease-out;
}
.kf-card {
  position: relative; width: 100%; max-width: 360px; max-height: calc(100vh - 32px); overflow: auto;
  background: var(--kf-bg); border: 1px solid var(--kf-border); border-radius: var(--kf-radius);
  box-shadow: var(--kf-shadow); outline: none;
  animation: kf-rise 150ms ease-out;
}
.kf-header {
  display: grid; grid-template-columns: 40px 1fr 40px; align-items: center; gap: 4px;
  padding: 14px 14px 2px;
}
.kf-title { margin: 0; font-size: 16px; font-weight: 600; text-align: center; }
.kf-icon-button {
  display: grid; place-items: center; width: 36px; height: 36px; padding: 0;
  border: 0; border-radius: 10px; background: transparent; color: var(--kf-text-muted); cursor: pointer;
}
.kf-icon-button:hover:not(:disabled) { background: var(--kf-surface); color: var(--kf-text); }
.kf-icon-button svg { width: 18px; height: 18px; }
.kf-body { display: flex; flex-direction: column; gap: 16px; padding: 14px 20px 20px; }
.kf-label { display: block; margin: 0 0 6px; font-size: 13px; color: var(--kf-text-muted); }
.kf-row { display: flex; gap: 8px; }
.kf-input {
  flex: 1; min-width: 0; height: 44px; padding: 0 14px;
  border: 1px solid var(--kf-control); border-radius: var(--kf-radius-control);
  background: var(--kf-surface); color: var(--kf-text); font: inherit; font-size: 15px;
}
.kf-input::placeholder { color: var(--kf-text-muted); }
.kf-button {
  display: inline-flex; align-items: center; justify-content: center; gap: 8px;
  min-height: 44px; padding: 0 14px;
  border: 1px solid var(--kf-border); border-radius: var(--kf-radius-control);
  background: var(--kf-surface); color: var(--kf-text);
  font: inherit; font-weight: 500; cursor: pointer;
}
.kf-button:hover:not(:disabled) { background: var(--kf-surface-hover); }
.kf-primary { border-color: transparent; background: var(--kf-accent); color: var(--kf-accent-text); }
.kf-primary:hover:not(:disabled) { background: var(--kf-accent); filter: brightness(1.08); }
.kf-block { width: 100%; }
fieldset.kf-socials { margin: 0; padding: 0; border: 0; min-width: 0; }
.kf-socials { display: grid; grid-template-columns: repeat(3, minmax(0, 1fr)); gap: 8px; }
.kf-socials .kf-button { padding: 0 6px; gap: 6px; font-size: 13px; }
.kf-socials .kf-wide { grid-column: 1 / -1; font-size: 14px; }
.kf-social-icon { flex: none; width: 20px; height: 20px; }
.kf-divider { display: flex; align-items: center; gap: 12px; font-size: 12px; color: var(--kf-text-muted); }
.kf-divider::before, .kf-divider::after { content: ''; flex: 1; height: 1px; background: var(--kf-border); }
.kf-note { margin: 8px 0; text-align: center; color: var(--kf-text-muted); }
button:disabled { opacity: 0.4; cursor: not-allowed; }
button[aria-disabled='true'] { opacity: 0.55; cursor: not-allowed; }
.kf-stack { display: flex; flex-direction: column; gap: 12px; }
.kf-text { margin: 0; color: var(--kf-text-muted); text-align: center; overflow-wrap: anywhere; }
.kf-text strong, .kf-strong { color: var(--kf-text); font-weight: 600; }
.kf-error, .kf-info { margin: 0; font-size: 13px; text-align: center; }
.kf-error { color: var(--kf-error); }
.kf-info { color: var(--kf-text-muted); }
/* Live regions stay in the page while empty (so they are announced when filled) but take no room. */
.kf-stack > .kf-error:empty, .kf-stack > .kf-info:empty { margin-top: -12px; }
form:not(.kf-stack) .kf-error:not(:empty) { margin-top: 8px; text-align: left; }
.kf-input[aria-invalid='true'] { border-color: var(--kf-error); }
.kf-link { align-self: center; min-height: 36px; border-color: transparent; background: transparent; color: var(--kf-accent); }
.kf-link:hover:not(:disabled) { background: var(--kf-surface); }
.kf-waiting { display: flex; align-items: center; justify-content: center; gap: 10px; margin: 8px 0; color: var(--kf-text-muted); }
.kf-spinner {
  flex: none; width: 18px; height: 18px; border-radius: 50%;
  border: 2px solid var(--kf-border); border-top-color: var(--kf-accent);
  animation: kf-spin 800ms linear infinite;
}
.kf-account { display: grid; grid-template-columns: auto 1fr; gap: 8px 16px; margin: 0; padding: 14px; border: 1px solid var(--kf-border); border-radius: var(--kf-radius-control); background: var(--kf-surface); }
.kf-account dt { color: var(--kf-text-muted); }
.kf-account dd { margin: 0; text-align: right; font-weight: 500; overflow-wrap: anywhere; }
:focus { outline: none; }
:focus-visible { outline: 2px solid var(--kf-focus); outline-offset: 2px; }
.kf-input:focus-visible { outline-offset: 0; border-color: var(--kf-focus); }
.kf-toasts:empty { display: none; }
.kf-toast {
  display: flex; align-items: center; gap: 10px; margin: 0 20px 16px; padding: 10px 14px;
  border: 1px solid var(--kf-border); border-radius: var(--kf-radius-control);
  background: var(--kf-surface); animation: kf-rise 150ms ease-out;
}
.kf-toast-icon { flex: none; width: 10px; height: 10px; border-radius: 50%; }
.kf-toast-success .kf-toast-icon { background: var(--kf-success); }
.kf-toast-error .kf-toast-icon { background: var(--kf-error); }
.kf-toast-loading .kf-toast-icon {
  width: 14px; height: 14px; border: 2px solid var(--kf-border); border-top-color: var(--kf-accent);
  animation: kf-spin 800ms linear infinite;
}
.kf-visually-hidden {
  position: absolute; width: 1px; height: 1px; margin: -1px; padding: 0; overflow: hidden;
  clip: rect(0 0 0 0); white-space: nowrap; border: 0;
}
@keyframes kf-fade { from { opacity: 0; } }
@keyframes kf-rise { from { opacity: 0; transform: translateY(8px); } }
@keyframes kf-spin { to { transform: rotate(360deg); } }
@media (max-width: 440px) {
  .kf-overlay { align-items: flex-end; padding: 0; }
  .kf-card { max-width: none; border-radius: var(--kf-radius) var(--kf-radius) 0 0; }
}
@media (prefers-reduced-motion: reduce) {
  .kf-overlay, .kf-card, .kf-toast { animation: none; }
  .kf-toast-loading .kf-toast-icon, .kf-spinner { animation-duration: 2400ms; }
}
/* Injected wallets, Account, Send. */
.kf-wallets { display: flex; flex-direction: column; gap: 8px; margin: 0; padding: 0; list-style: none; }
.kf-wallet { justify-content: flex-start; }
.kf-wallet-icon { flex: none; width: 28px; height: 28px; border-radius: 8px; background: var(--kf-surface-hover); object-fit: contain; }
.kf-wallet-name { flex: 1; text-align: left; }
.kf-badge { padding: 2px 8px; border-radius: 999px; background: var(--kf-surface-hover); color: var(--kf-text-muted); font-size: 12px; }
.kf-connecting { align-items: center; }
.kf-connecting-icon { width: 64px; height: 64px; border-radius: 16px; background: var(--kf-surface); object-fit: contain; }
.kf-chip { padding: 2px 10px; border: 1px solid var(--kf-border); border-radius: 999px; background: transparent; color: var(--kf-text); font: inherit; cursor: pointer; }
.kf-chip:hover { background: var(--kf-surface-hover); }
.kf-grow { flex: 1; text-decoration: none; }
.kf-field .kf-error:not(:empty) { margin-top: 6px; text-align: left; }
.kf-field .kf-input { width: 100%; }
.kf-select { appearance: auto; }
fieldset.kf-fieldset { margin: 0; padding: 0; border: 0; min-width: 0; }
.kf-fees { padding: 10px 14px; font-size: 13px; }
.kf-account .kf-hash { font-family: ui-monospace, SFMono-Regular, Menlo, monospace; font-size: 13px; text-align: left; }
/* Networks, UnsupportedChain. */
.kf-networks { display: flex; flex-direction: column; gap: 8px; margin: 0; padding: 0; list-style: none; }
.kf-network { justify-content: flex-start; }
.kf-network-name { flex: 1; text-align: left; }
.kf-network[aria-current='true'] { border-color: var(--kf-accent); }
.kf-network-mark { color: var(--kf-accent); font-weight: 600; }
`
