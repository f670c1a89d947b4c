// The macros of `@lingui/core/macro` at run time, for the end-to-end tests' reading of the domain
// (lingui-macro-hooks.mjs): a text is its French, its values written in.
import { i18n } from '@lingui/core';

i18n.loadAndActivate({ locale: 'fr', messages: {} });

const joined = (strings, values) =>
  strings.reduce((out, part, index) => out + part + (index < values.length ? String(values[index]) : ''), '');

const asText = (strings, values) => (Array.isArray(strings) ? joined(strings, values) : strings.message);

export function msg(strings, ...values) {
  const message = asText(strings, values).replace(/[{}]/g, (brace) => `'${brace}'`);
  return { id: message, message };
}
export const defineMessage = msg;
export const t = (strings, ...values) => asText(strings, values);
export function plural(value, forms) {
  const form = forms[`=${value}`] ?? (value === 1 ? forms.one : undefined) ?? forms.other;
  return String(form).replaceAll('#', String(value));
}
export const select = (value, forms) => forms[value] ?? forms.other;
export const selectOrdinal = plural;
