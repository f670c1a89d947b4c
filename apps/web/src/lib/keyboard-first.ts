/**
 * A device with a mouse and a keyboard (a counter's computer): there a form may start in its first field.
 * On a touch screen it does not, since the screen keyboard would then cover half of the form unasked.
 */
export function keyboardFirst(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(pointer: fine)').matches;
}
