import type { Plugin } from 'esbuild';

export function linguiEsbuild(): Plugin;
