import { register } from 'node:module';

register('./lingui-macro-hooks.ts', import.meta.url);
