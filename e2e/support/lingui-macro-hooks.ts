// Playwright runs the domain's TypeScript without Lingui's compile step (decision 236): its macros resolve
// to lingui-macro-shim.ts, which says every text in French, as the app's source language.
const shim = new URL('./lingui-macro-shim.ts', import.meta.url).href;

type Resolve = (specifier: string, context: object) => Promise<{ url: string }>;

export async function resolve(specifier: string, context: object, next: Resolve) {
  if (specifier === '@lingui/core/macro') return { url: shim, shortCircuit: true };
  return next(specifier, context);
}
