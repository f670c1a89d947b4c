import { i18n, type MessageDescriptor } from '@lingui/core';

type TextSource = MessageDescriptor | ((...args: never[]) => MessageDescriptor);

/** A map of texts as its readers see it: strings, and functions that return strings. */
export type Texts<T> = {
  readonly [K in keyof T]: T[K] extends (...args: infer A) => MessageDescriptor
    ? (...args: A) => string
    : string;
};

/**
 * A map of texts read in the language of the moment: each text is translated when it is read, by the
 * screen's language in the browser, by the request's on the server (decision 236). Its readers are unchanged:
 * a text is a string, a text with values a function returning one.
 */
export function texts<T extends Record<string, TextSource>>(sources: T): Texts<T> {
  const out: Record<string, unknown> = {};
  for (const [key, source] of Object.entries(sources)) {
    if (typeof source === 'function') {
      out[key] = (...args: never[]) => i18n._(source(...args));
    } else {
      Object.defineProperty(out, key, { get: () => i18n._(source), enumerable: true });
    }
  }
  return Object.freeze(out) as Texts<T>;
}

/** One text, read in the language of the moment. */
export function translate(source: MessageDescriptor): string {
  return i18n._(source);
}
