// Stand-in for fast-uri (aliased in vite.config.ts). RJSF only uses it to resolve $ref URIs;
// compiled forms contain no $ref, and the browser's URL parser covers the rest.
function resolve(base: string, ref: string): string {
  try {
    return new URL(ref, base).href;
  } catch {
    return ref;
  }
}

function equal(a: string, b: string): boolean {
  return a === b || resolve(a, '') === resolve(b, '');
}

export default { resolve, equal };
export { resolve, equal };
