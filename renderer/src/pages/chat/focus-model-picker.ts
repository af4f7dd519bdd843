/**
 * Puts the focus in the open conversation's model picker (for "Pick another model"). Found by
 * its role and class rather than its name, which depends on the language.
 */
export function focusModelPicker(): void {
  document
    .querySelector<HTMLInputElement>('.conversation [role="combobox"].model-combobox-input')
    ?.focus();
}
