import { defineConfig } from '@playwright/test';
import base from './playwright.config.js';

// The journeys in Kreyòl and in the pseudo-language (issue 45), apart from `npm test` until every screen's
// texts come from the catalogues: then `testMatch` of playwright.config.ts takes `*.i18n.ts` too.
export default defineConfig({ ...base, testMatch: '**/*.i18n.ts' });
