import { afterAll, afterEach } from 'vitest';
import { installServerLanguages } from '../../src/i18n/language.js';
import { closeBuiltApps } from './build.js';
import { dropSharedDatabase } from './database.js';

// The texts in the language of the moment, as the app reads them, for tests that build no app too.
installServerLanguages();

afterEach(closeBuiltApps);
afterAll(dropSharedDatabase);
