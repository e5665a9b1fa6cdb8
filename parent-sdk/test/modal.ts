/** The mounted modal, as tests read it: its shadow root and the view it shows. */

/** The modal's shadow root; throws when no modal is mounted. */
export const shadow = (): ShadowRoot => document.querySelector('[data-keyframe-modal]')!.shadowRoot!

/** The name of the view the modal shows (`data-view` of its dialog). */
export const view = (): string | null | undefined =>
  shadow().querySelector('[role="dialog"]')?.getAttribute('data-view')
