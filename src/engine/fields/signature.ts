// A drawn signature, kept as vector strokes so it survives a resize and renders back as SVG.
import { Type } from '@sinclair/typebox';
import { SIGNATURE_LIMITS } from './limits.ts';
import { defineFieldType, field, LocalizedText, type JsonSchema } from './parts.ts';

export const SignatureField = field(
  'signature',
  {
    clearLabel: Type.Optional(LocalizedText),
  },
  'A drawn signature, kept as vector strokes (points relative to the pad) so it survives a resize and renders back as SVG.',
);

/** Strokes of points [x, y], each relative to the pad (0..1), and the pad's width/height ratio. */
function signatureSchema(required: boolean): JsonSchema {
  const unit = { type: 'number', minimum: 0, maximum: 1 };
  return {
    type: 'object',
    properties: {
      strokes: {
        type: 'array',
        minItems: required ? 1 : 0,
        maxItems: SIGNATURE_LIMITS.strokes,
        items: {
          type: 'array',
          minItems: 1,
          maxItems: SIGNATURE_LIMITS.pointsPerStroke,
          items: { type: 'array', prefixItems: [unit, unit], minItems: 2, maxItems: 2 },
        },
      },
      aspect: { type: 'number', minimum: 0.1, maximum: 10 },
    },
    required: ['strokes', 'aspect'],
    additionalProperties: false,
  };
}

export const signature = defineFieldType({
  definition: SignatureField,
  schema: (f) => signatureSchema(f.required ?? false),
  answerText: (_f, _value, reader) => reader.message('staffAnswerSigned'),
  answerParts: () => ({ drawing: true }),
  // A drawing is thousands of numbers, more than a spreadsheet cell holds: link to its picture.
  exported: 'picture-link',
  errorsOnWhole: true,
});
