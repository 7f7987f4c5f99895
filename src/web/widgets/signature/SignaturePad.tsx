// The drawing pad: react-signature-canvas (signature_pad underneath) inks each stroke as it is drawn,
// wider where the pen moves slowly. Every finished stroke is given to the form as numbers (see
// strokes.ts, pad-data.ts). The canvas is only a view of those numbers: it is redrawn from them
// whenever the pad changes size or the value changes from outside, so a rotation, a resize or a
// reload never wipes the signature.
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import SignatureCanvas from './signature-canvas.ts';
import type { Lang } from '../../../engine/definition/definition.ts';
import { t } from '../../../engine/text/messages.ts';
import { flourish, MAX_STROKES, readSignature, type SignatureValue } from './strokes.ts';
import { addPadStroke, padAspect, sameSignature, toPadData } from './pad-data.ts';

export interface SignaturePadProps {
  id: string;
  value: unknown;
  onChange: (value: SignatureValue | undefined) => void;
  onBlur: () => void;
  lang: Lang;
  labelId: string;
  clearLabel: string;
  describedBy: string | undefined;
  required: boolean;
  invalid: boolean;
  disabled: boolean;
}

/**
 * signature_pad's pen: the ink's half-width in CSS pixels, from a fast pen (minWidth) to a slow one
 * (maxWidth). No throttle: signature_pad 2.3 records a throttled move on a timer, which can land
 * after the stroke has been read.
 */
const PEN = { minWidth: 0.7, maxWidth: 2.6, throttle: 0 };

/** @types/signature_pad types point groups as its Point class; signature_pad reads plain {x, y, time, color}, as toData gives them. */
type PadGroups = Parameters<SignatureCanvas['fromData']>[0];

export default function SignaturePad({ id, value, onChange, onBlur, lang, labelId, clearLabel, describedBy, required, invalid, disabled }: SignaturePadProps) {
  const box = useRef<HTMLDivElement>(null);
  const pad = useRef<SignatureCanvas>(null);
  const signature = readSignature(value);
  // The signature on the canvas: the value, or the value just given to the form with a new stroke.
  const shown = useRef<SignatureValue | null>(signature);
  // The theme's text colour, read from the canvas when it is drawn (signature_pad's own default until then).
  const [ink, setInk] = useState('black');
  // What the buttons did, said by screen readers (a mark or a clear leaves no other trace for them).
  const [announcement, setAnnouncement] = useState('');
  // signature_pad adds a stroke's points to its last point group: a redraw waits for the stroke's end.
  const drawing = useRef(false);
  const redrawAtEnd = useRef(false);
  const full = (signature?.strokes.length ?? 0) >= MAX_STROKES;

  const redraw = useCallback(() => {
    const canvas = pad.current?.getCanvas();
    redrawAtEnd.current = drawing.current;
    if (!canvas || drawing.current) return;
    // Sharp on every screen; below 1 (zoomed out) signature_pad would clear only part of the canvas.
    const scale = Math.max(window.devicePixelRatio || 1, 1);
    const { clientWidth: width, clientHeight: height } = canvas;
    if (canvas.width !== Math.round(width * scale) || canvas.height !== Math.round(height * scale)) {
      canvas.width = Math.round(width * scale);
      canvas.height = Math.round(height * scale);
    }
    canvas.getContext('2d')?.setTransform(scale, 0, 0, scale, 0, 0);
    const colour = getComputedStyle(canvas).color;
    setInk(colour);
    pad.current!.fromData(toPadData(shown.current, width, height, colour) as unknown as PadGroups);
  }, []);

  // The value changed from outside (cleared, restored from a draft, a mark): show it.
  useLayoutEffect(() => {
    const next = readSignature(value);
    if (sameSignature(next, shown.current)) return;
    shown.current = next;
    redraw();
  }, [value, redraw]);

  // Any change of the pad's size (window resize, rotation, zoom, font size): redraw from the numbers.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(() => redraw());
    observer.observe(element);
    return () => observer.disconnect();
  }, [redraw]);

  // A full signature takes no more strokes (the message below says so).
  useEffect(() => {
    if (disabled || full) pad.current?.off();
    else pad.current?.on();
  }, [disabled, full]);

  const onEnd = () => {
    drawing.current = false;
    const groups = pad.current!.toData();
    const { clientWidth: width, clientHeight: height } = pad.current!.getCanvas();
    const next = addPadStroke(shown.current, groups[groups.length - 1] ?? [], width, height);
    const kept = next !== null && next !== shown.current;
    if (kept) {
      shown.current = next;
      onChange(next);
    }
    // A stroke the signature had no room for is taken off the canvas; a resize while drawing is caught up.
    if (!kept || redrawAtEnd.current) redraw();
  };

  const clear = () => {
    onChange(undefined);
    setAnnouncement(t('signatureCleared', lang));
    box.current?.focus();
  };

  const signWithMark = () => {
    const { clientWidth: width, clientHeight: height } = pad.current!.getCanvas();
    onChange(flourish(padAspect(width, height)));
    setAnnouncement(t('signatureMarked', lang));
  };

  const empty = !signature;
  const requiredId = `${id}__required`;
  const statusId = `${id}__status`;
  const instructionsId = `${id}__instructions`;
  // A picture has no "required" state in ARIA: the requirement is part of the pad's name instead.
  return (
    <div className="signature">
      <div
        ref={box}
        id={id}
        className="signature-pad"
        tabIndex={0}
        role="img"
        aria-labelledby={[labelId, required ? requiredId : null, statusId].filter(Boolean).join(' ')}
        aria-describedby={[instructionsId, describedBy].filter(Boolean).join(' ')}
        aria-invalid={invalid || undefined}
        aria-disabled={disabled || undefined}
        data-strokes={signature?.strokes.length ?? 0}
        onBlur={onBlur}
      >
        {empty && (
          // The cue sits under the ink and lets every touch through to the canvas.
          <span className="signature-cue" aria-hidden="true">
            <span className="signature-cue-mark">✕</span>
            {t('signHere', lang)}
          </span>
        )}
        <SignatureCanvas
          ref={pad}
          {...PEN}
          penColor={ink}
          clearOnResize={false}
          onBegin={() => (drawing.current = true)}
          onEnd={onEnd}
          canvasProps={{ className: 'signature-canvas' }}
        />
        {required && (
          <span className="visually-hidden" id={requiredId}>
            {t('signatureRequired', lang)}
          </span>
        )}
        <span className="visually-hidden" id={statusId}>
          {t(empty ? 'signatureEmpty' : 'signatureSigned', lang)}
        </span>
      </div>
      <p className="visually-hidden" id={instructionsId}>
        {t('signatureInstructions', lang)}
      </p>
      {full && <p className="field-hint">{t('signatureFull', lang)}</p>}
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
      <div className="signature-actions">
        <button type="button" className="button button-secondary" onClick={signWithMark} disabled={disabled}>
          {t('signWithMark', lang)}
        </button>
        <button type="button" className="button button-secondary" onClick={clear} disabled={disabled || empty}>
          {clearLabel}
        </button>
      </div>
    </div>
  );
}
