import { defineConfig } from 'vitest/config';
import { linguiPlugins } from '../../scripts/lingui/vite.mjs';

export default defineConfig({ plugins: linguiPlugins(), test: { setupFiles: ['vitest.setup.ts'] } });
