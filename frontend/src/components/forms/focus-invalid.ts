// After a failed submit, focus goes to the first control the form marked invalid (aria-invalid),
// so keyboard and screen-reader users land on what needs fixing. Called once the messages have
// rendered (a zero-delay timer after setting them).
export function focusFirstInvalid(form: HTMLElement | null): void {
  window.setTimeout(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus(), 0);
}
