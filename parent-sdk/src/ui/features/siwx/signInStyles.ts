/**
 * The sign-in view's styles, shipped in its chunk (a `<style>` in the modal's shadow root) rather than in the
 * modal's sheet. The view centres its mark and words; the account box and the buttons take the full width.
 */
export const signInStyles = /* css */ `
.kf-siwx-mark { display: grid; place-items: center; color: var(--kf-accent); }
.kf-siwx-heading { margin: 0; font-size: 17px; font-weight: 600; text-align: center; overflow-wrap: anywhere; }
.kf-siwx .kf-account, .kf-siwx .kf-row, .kf-siwx .kf-block { align-self: stretch; }
.kf-siwx .kf-account { grid-template-columns: auto 1fr; }
.kf-siwx .kf-account .kf-hash { text-align: right; }
.kf-siwx .kf-waiting { margin: 0; }
`
