import { z } from 'zod';

/**
 * The one place that reads the build environment (STYLE: "the environment is read in one checked
 * config/env.ts"). The app and the API share an origin, so the default is a relative `/api`.
 */
const envSchema = z.object({
  VITE_API_BASE_URL: z
    .string()
    .regex(/^(\/|https?:\/\/)/, 'VITE_API_BASE_URL doit commencer par / ou http(s)://')
    .default('/api'),
});

const parsed = envSchema.safeParse(import.meta.env);
if (!parsed.success) {
  throw new Error(`Configuration invalide : ${parsed.error.issues.map((issue) => issue.message).join(', ')}`);
}

export const env = {
  apiBaseUrl: parsed.data.VITE_API_BASE_URL,
} as const;
