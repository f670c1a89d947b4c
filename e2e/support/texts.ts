import type { Page } from '@playwright/test';
import { findSpecForbiddenTexts } from '@lajan/domain';
import { expect } from './lajan.js';

/**
 * What a person reads on the page: its rendered text (with CSS capitals, as `innerText` gives them), the
 * choices of its lists, and the placeholders, titles and accessible names of its elements.
 */
export async function screenText(page: Page): Promise<string> {
  // A string evaluated in the page: the e2e package is typed without the DOM's library.
  const text = await page.evaluate(`[
    document.title,
    document.body.innerText,
    ...Array.from(document.querySelectorAll('option'), (option) => option.text),
    ...Array.from(document.querySelectorAll('[placeholder], [title], [aria-label]'), (element) =>
      ['placeholder', 'title', 'aria-label'].map((name) => element.getAttribute(name) ?? '').join('\\n'),
    ),
  ].join('\\n')`);
  return String(text);
}

/** Decision 134: the screen shows none of SPEC's English or misspelled texts (`specForbiddenTexts`). */
export async function expectNoSpecForbiddenTexts(page: Page): Promise<void> {
  const found = findSpecForbiddenTexts(await screenText(page)).map(
    (entry) => `« ${entry.spec} » (→ « ${entry.french} »)`,
  );
  expect(found, `SPEC's English or misspelled texts on ${page.url()}`).toEqual([]);
}
