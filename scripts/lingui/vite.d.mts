import type { PluginOption } from 'vite';

export function linguiPlugins(configPath?: string): PluginOption[];

export const linguiConfigPath: string;
