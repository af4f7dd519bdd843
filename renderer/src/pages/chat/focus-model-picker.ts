/**
 * Puts the focus in the open conversation's model picker (for "Pick another model"). Found by
 * its role and name, as a user finds it, so the picker needs no ref threaded through the page.
 */
export function focusModelPicker(): void {
  document
    .querySelector<HTMLInputElement>('.conversation [role="combobox"][aria-label="Model"]')
    ?.focus();
}
