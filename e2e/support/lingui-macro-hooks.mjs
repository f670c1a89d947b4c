// Playwright runs the domain's TypeScript without Lingui's compile step (decision 236): its macros resolve
// to lingui-macro-shim.mjs, which says every text in French, as the app's source language.
const shim = new URL('./lingui-macro-shim.mjs', import.meta.url).href;

export async function resolve(specifier, context, next) {
  if (specifier === '@lingui/core/macro') return { url: shim, shortCircuit: true };
  return next(specifier, context);
}
