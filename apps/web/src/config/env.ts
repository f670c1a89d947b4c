/**
 * The one place that reads the build environment (STYLE: "the environment is read in one checked
 * config/env.ts"). The app and the API share an origin, so the default is a relative `/api`.
 */
// Checked by hand, not with zod: this module is on the sign-in page's path (decision 145).
const apiBaseUrl: unknown = import.meta.env.VITE_API_BASE_URL ?? '/api';
if (typeof apiBaseUrl !== 'string' || !/^(\/|https?:\/\/)/.test(apiBaseUrl)) {
  throw new Error('Configuration invalide : VITE_API_BASE_URL doit commencer par / ou http(s)://');
}

export const env = {
  apiBaseUrl,
} as const;
