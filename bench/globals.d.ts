// What bench/web-profile.mjs keeps on the page it profiles.
interface Window {
  __long: [number, number][];
  __lcp?: number;
}
