// A file (or several) uploaded before the submission, stored as upload ids.
import { Type } from '@sinclair/typebox';
import { DEFAULT_MAX_FILES } from './limits.ts';
import { compact, defineFieldType, field, Id, plainText, type AnswerFile } from './parts.ts';

export const FileField = field(
  'file',
  {
    collection: Id('Upload collection (POST /api/{collection}).'),
    maxBytes: Type.Integer({ minimum: 1, maximum: 52428800 }),
    accept: Type.Array(Type.String({ pattern: '^[a-z]+/[a-z0-9.+*-]+$' }), { minItems: 1 }),
    multiple: Type.Optional(Type.Boolean()),
    maxFiles: Type.Optional(Type.Integer({ minimum: 1, maximum: 20 })),
  },
  'A file (or several) uploaded first, stored as upload ids.',
);

/** An upload as the staff API populates it ({id, filename, url, mimeType}); a bare id (not readable, or not populated) by its number. */
function fileOf(item: unknown): AnswerFile {
  const doc = item && typeof item === 'object' ? (item as { filename?: unknown; url?: unknown; mimeType?: unknown }) : null;
  if (!doc || typeof doc.filename !== 'string') return { name: plainText(item) };
  return { name: doc.filename, url: typeof doc.url === 'string' ? doc.url : undefined, mimeType: typeof doc.mimeType === 'string' ? doc.mimeType : undefined };
}
const filesOf = (value: unknown) => (Array.isArray(value) ? value : [value]).map(fileOf);

export const file = defineFieldType({
  definition: FileField,
  schema: (f) => {
    const id = { type: 'integer', minimum: 1 };
    return f.multiple
      ? compact({ type: 'array', items: id, uniqueItems: true, minItems: f.required ? 1 : undefined, maxItems: f.maxFiles ?? DEFAULT_MAX_FILES })
      : id;
  },
  answerText: (_f, value) =>
    filesOf(value)
      .map((item) => item.name)
      .join(', '),
  answerParts: (_f, value) => ({ files: filesOf(value) }),
  exported: 'answer',
});
