/** Inline links: underlined, dark enough on white, with a visible focus ring. */
export const textLinkClasses =
  'font-medium text-blue-800 underline underline-offset-2 hover:text-blue-950 rounded-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700';
