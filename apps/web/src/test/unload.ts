/** A reload or a closed tab: true when the page asks first (`beforeunload` prevented, decision 177). */
export function unloadAsks(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}
