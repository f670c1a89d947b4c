import { i18n } from '@lingui/core';
import { TransNoContext, type TransProps } from '@lingui/react/server';

/**
 * What `<Trans>` (the macro) and `useLingui` compile to (lingui.config.ts's runtimeConfigModule): Lingui's
 * own rendering, reading the one `i18n`, without a React context and its provider in the first file; the
 * app is drawn again on a change of language (decision 239).
 */
export function Trans(props: TransProps) {
  return <TransNoContext {...props} lingui={{ i18n }} />;
}

export function useLingui() {
  return { i18n, _: i18n._.bind(i18n), t: i18n._.bind(i18n) };
}
