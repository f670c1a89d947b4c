import { afterAll, afterEach } from 'vitest';
import { closeBuiltApps } from './build.js';
import { dropSharedDatabase } from './database.js';

afterEach(closeBuiltApps);
afterAll(dropSharedDatabase);
