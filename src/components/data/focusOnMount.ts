/**
 * A ref that moves focus to its element once it is in the page: for a control that appears on the user's request
 * (an editor opened, a form shown), where the keyboard goes next. The `autoFocus` prop does not do this under
 * preact/compat (the build's runtime: it only sets the attribute, which browsers honour on page load), so lint refuses
 * it. A module-level function, so the ref is the same on every render and focuses only when the element mounts.
 */
export function focusOnMount(element: HTMLElement | null): void {
  element?.focus();
}
