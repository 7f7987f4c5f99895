// Stand-in for the parts of RJSF's default registry no compiled form can reach (aliased in
// vite.config.ts): every question names its own widget (engine/compiler/ui-schema.ts sets ui:widget to one
// of widgets/registry.ts), and the compiler writes no anyOf/oneOf nor layout grids (a unit test
// checks every compiled form). Reaching one anyway is a bug of ours: said loudly, not drawn wrong.
export default function UnusedRjsfPart(): never {
  throw new Error('This form asks RJSF for a field or widget the pages do not ship (see src/web/vendor/unused-rjsf-part.tsx)');
}
