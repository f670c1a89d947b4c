// A catalogue imported by a test, compiled by the Lingui plugin of vitest.config.ts (decision 236).
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
