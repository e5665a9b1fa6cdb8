/** The Activity tab's styles, carried by its own chunk and put in the modal's shadow root with the tab. */
export const activityStyles = /* css */ `
.kf-activity { display: flex; flex-direction: column; gap: 12px; }
.kf-activity-month { margin: 0 0 6px; font-size: 13px; font-weight: 600; color: var(--kf-text-muted); }
.kf-activity-list { display: flex; flex-direction: column; gap: 4px; margin: 0; padding: 0; list-style: none; }
.kf-activity-row {
  display: grid; grid-template-columns: 32px minmax(0, 1fr) auto; align-items: center; gap: 10px;
  min-height: 52px; padding: 8px 10px; border-radius: var(--kf-radius-control); background: var(--kf-surface);
}
.kf-activity-image { width: 32px; height: 32px; border-radius: 50%; background: var(--kf-surface-hover); object-fit: cover; }
.kf-activity-title { display: block; font-weight: 500; }
.kf-activity-date { display: block; font-size: 12px; color: var(--kf-text-muted); }
.kf-activity-failed { margin-left: 6px; color: var(--kf-error); font-size: 12px; font-weight: 500; }
.kf-activity-amount { max-width: 170px; text-align: right; font-variant-numeric: tabular-nums; overflow-wrap: anywhere; }
.kf-activity-more { align-self: center; }
`
