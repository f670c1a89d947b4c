// The macros of `@lingui/core/macro` at run time, for the end-to-end tests' reading of the domain
// (lingui-macro-hooks.ts): a text is its French, its values written in.
import { i18n, type MessageDescriptor } from '@lingui/core';

i18n.loadAndActivate({ locale: 'fr', messages: {} });

type Template = TemplateStringsArray | MessageDescriptor;

function asText(strings: Template, values: unknown[]): string {
  if (!Array.isArray(strings)) return (strings as MessageDescriptor).message ?? '';
  return (strings as TemplateStringsArray).reduce(
    (out, part, index) => out + part + (index < values.length ? String(values[index]) : ''),
    '',
  );
}

export function msg(strings: Template, ...values: unknown[]): MessageDescriptor {
  const message = asText(strings, values).replace(/[{}]/g, (brace) => `'${brace}'`);
  return { id: message, message };
}
export const defineMessage = msg;
export const t = (strings: Template, ...values: unknown[]): string => asText(strings, values);
export function plural(value: number, forms: Record<string, string>): string {
  const form = forms[`=${value}`] ?? (value === 1 ? forms.one : undefined) ?? forms.other ?? '';
  return form.replaceAll('#', String(value));
}
export const select = (value: string, forms: Record<string, string>): string =>
  forms[value] ?? forms.other ?? '';
export const selectOrdinal = plural;
