// A stored signature drawn back as SVG elements built from its numbers. Nothing from the value
// is ever used as markup (the old system injected a stored SVG string as HTML).
import { frameIn, readSignature, strokePath } from './strokes.ts';

const HEIGHT = 100;

export default function SignatureImage({ value, label }: { value: unknown; label: string }) {
  const signature = readSignature(value);
  if (!signature) return null;
  const width = Math.round(HEIGHT * signature.aspect);
  const frame = frameIn(width, HEIGHT, signature.aspect);
  return (
    <svg className="signature-image" viewBox={`0 0 ${width} ${HEIGHT}`} role="img" aria-label={label} focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth={2} strokeLinecap="round" strokeLinejoin="round">
        {signature.strokes.map((stroke, i) => (
          <path key={i} d={strokePath(stroke, frame)} />
        ))}
      </g>
    </svg>
  );
}
