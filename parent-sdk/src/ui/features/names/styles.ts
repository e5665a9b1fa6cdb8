/** The names views' own rules, inside the modal's shadow root: the suffix beside the field, the field's status. */
export const NAMES_STYLES = /* css */ `
.kf-name-row { display: flex; align-items: center; gap: 8px; }
.kf-name-suffix { flex: none; color: var(--kf-text-muted); font-size: 15px; }
.kf-field .kf-name-status:not(:empty) { margin-top: 6px; text-align: left; }
`
