/** How long a toast stays on screen unless dismissed (hovering or focusing it pauses the clock). */
export const TOAST_DURATION_MS = 6_000;
/** A dismissed toast fades out, then leaves the DOM after this delay. */
export const TOAST_REMOVE_DELAY_MS = 250;
