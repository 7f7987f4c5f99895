// Stand-in for RJSF's allOf merger (aliased in vite.config.ts; the original pulls in a 12 KB
// JSON Schema merging library). The page renders the contract WITHOUT its allOf rules (see
// renderSchema in the engine), so this only has to be correct for the simple cases:
// properties are merged, required lists joined, anything else taken from the last schema.
type Schema = Record<string, unknown>;

export default function shallowAllOfMerge(schema: Schema): Schema {
  const { allOf, ...rest } = schema;
  if (!Array.isArray(allOf)) return schema;
  return [rest, ...(allOf as Schema[])].reduce<Schema>((merged, part) => {
    if (!part || typeof part !== 'object') return merged;
    const properties = { ...(merged.properties as Schema | undefined), ...(part.properties as Schema | undefined) };
    const required = [...new Set([...((merged.required as string[]) ?? []), ...((part.required as string[]) ?? [])])];
    return { ...merged, ...part, properties, required };
  }, {});
}
