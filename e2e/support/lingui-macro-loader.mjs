import { register } from 'node:module';

register('./lingui-macro-hooks.mjs', import.meta.url);
