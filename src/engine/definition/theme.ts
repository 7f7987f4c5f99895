// The theme file format (themes/*.json): TypeBox source of themes/theme.schema.json and of the page's Theme type.
import { Type, type Static } from '@sinclair/typebox';

const Color = Type.String({ pattern: '^#[0-9a-fA-F]{6}$', description: 'A hex colour, e.g. #1f1f1f.' });
// border: input, option and step borders and empty stars; at least 3:1 against surface and background (tests/unit/theme-contrast.test.ts).
const ColorNames = ['primary', 'primaryText', 'accent', 'background', 'surface', 'text', 'muted', 'error', 'success', 'focus', 'border'] as const;

export const ThemeSchema = Type.Object(
  {
    $schema: Type.Optional(Type.String()),
    id: Type.Union([Type.Literal('destination'), Type.Literal('destination-new'), Type.Literal('quest'), Type.Literal('store')]),
    brand: Type.String({ minLength: 1, description: "Brand name used in page titles: '{brand} | {header}'." }),
    pageContentKey: Type.Union([Type.Literal('destination'), Type.Literal('quest'), Type.Literal('store')], {
      description: 'Which entry of the page-content global holds its logos and favicon.',
    }),
    colors: Type.Object(Object.fromEntries(ColorNames.map((name) => [name, Color])) as Record<(typeof ColorNames)[number], typeof Color>, {
      additionalProperties: false,
    }),
    fonts: Type.Object({ body: Type.String({ minLength: 1 }), arabic: Type.String({ minLength: 1 }) }, { additionalProperties: false }),
    fallbackLogo: Type.String({ pattern: '^/' }),
    fallbackFavicon: Type.Optional(Type.String({ pattern: '^/' })),
  },
  { additionalProperties: false },
);

export type Theme = Static<typeof ThemeSchema>;
