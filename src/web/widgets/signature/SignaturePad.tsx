// The drawing pad: Pointer Events (mouse, touch, pen) draw on a canvas, and every finished
// stroke is given to the form as numbers (see strokes.ts). The canvas is only a view of those
// numbers: it is redrawn from them whenever the pad changes size or the value changes, so a
// rotation, a resize or a reload never wipes the signature.
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import type { Lang } from '../../../engine/definition.ts';
import { t } from '../../../engine/messages.ts';
import { clampAspect, farEnough, fitStroke, flourish, frameIn, fromBox, MAX_STROKES, readSignature, toBox, type SignatureValue, type Stroke } from './strokes.ts';

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

const LINE_WIDTH = 2.5;

export default function SignaturePad({ id, value, onChange, onBlur, lang, labelId, clearLabel, describedBy, required, invalid, disabled }: SignaturePadProps) {
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const signature = readSignature(value);
  // The strokes on screen: the value, plus the stroke being drawn (given to the form when it ends).
  const strokes = useRef<Stroke[]>(signature?.strokes ?? []);
  const aspect = useRef<number | undefined>(signature?.aspect);
  const drawing = useRef<{ pointerId: number; stroke: Stroke } | null>(null);
  const [full, setFull] = useState(false);

  const context = () => canvas.current?.getContext('2d') ?? null;
  /** The frame of the signature inside the canvas (CSS pixels); a first stroke takes the pad's own shape. */
  const frame = () => {
    const { clientWidth: width, clientHeight: height } = canvas.current!;
    return frameIn(width, height, aspect.current ?? clampAspect(width / Math.max(height, 1)));
  };

  const redraw = useCallback(() => {
    const element = canvas.current;
    const ctx = context();
    if (!element || !ctx) return;
    const scale = window.devicePixelRatio || 1;
    const width = Math.round(element.clientWidth * scale);
    const height = Math.round(element.clientHeight * scale);
    if (element.width !== width || element.height !== height) {
      element.width = width;
      element.height = height;
    }
    ctx.setTransform(scale, 0, 0, scale, 0, 0);
    ctx.clearRect(0, 0, element.clientWidth, element.clientHeight);
    ctx.lineCap = 'round';
    ctx.lineJoin = 'round';
    ctx.lineWidth = LINE_WIDTH;
    ctx.strokeStyle = ctx.fillStyle = getComputedStyle(element).color;
    const current = drawing.current ? [...strokes.current, drawing.current.stroke] : strokes.current;
    if (!current.length) return;
    const f = frame();
    for (const stroke of current) {
      ctx.beginPath();
      const [x0, y0] = toBox(stroke[0], f);
      ctx.moveTo(x0, y0);
      if (stroke.length === 1) {
        ctx.arc(x0, y0, LINE_WIDTH / 2, 0, Math.PI * 2);
        ctx.fill();
        continue;
      }
      for (const point of stroke.slice(1)) ctx.lineTo(...toBox(point, f));
      ctx.stroke();
    }
  }, []);

  // The value changed from outside (cleared, restored from a draft, a mark): show it.
  useLayoutEffect(() => {
    const next = readSignature(value);
    strokes.current = next?.strokes ?? [];
    aspect.current = next?.aspect;
    setFull(strokes.current.length >= MAX_STROKES);
    redraw();
  }, [value, redraw]);

  // Any change of the pad's size (window resize, rotation, font size): redraw from the numbers.
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const observer = new ResizeObserver(() => redraw());
    observer.observe(element);
    return () => observer.disconnect();
  }, [redraw]);

  const pointAt = (event: { clientX: number; clientY: number }) => {
    const rect = canvas.current!.getBoundingClientRect();
    return fromBox(event.clientX - rect.left, event.clientY - rect.top, frame());
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    if (disabled || drawing.current || (event.pointerType === 'mouse' && event.button !== 0)) return;
    if (strokes.current.length >= MAX_STROKES) return setFull(true);
    event.preventDefault();
    canvas.current!.setPointerCapture?.(event.pointerId);
    if (aspect.current === undefined) aspect.current = clampAspect(canvas.current!.clientWidth / Math.max(canvas.current!.clientHeight, 1));
    drawing.current = { pointerId: event.pointerId, stroke: [pointAt(event)] };
    redraw();
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const current = drawing.current;
    if (!current || current.pointerId !== event.pointerId) return;
    event.preventDefault();
    // Coalesced events keep fast strokes smooth where the browser batches pointer moves.
    const events = event.nativeEvent.getCoalescedEvents?.() ?? [];
    let added = false;
    for (const move of events.length ? events : [event]) {
      const point = pointAt(move);
      if (!farEnough(current.stroke, point)) continue;
      current.stroke.push(point);
      added = true;
    }
    if (added) redraw();
  };

  const finishStroke = (event: ReactPointerEvent<HTMLCanvasElement>) => {
    const current = drawing.current;
    if (!current || current.pointerId !== event.pointerId) return;
    drawing.current = null;
    strokes.current = [...strokes.current, fitStroke(current.stroke)];
    onChange({ strokes: strokes.current, aspect: aspect.current! });
  };

  const clear = () => {
    strokes.current = [];
    aspect.current = undefined;
    onChange(undefined);
    canvas.current?.parentElement?.focus();
  };

  const signWithMark = () => {
    const element = canvas.current!;
    onChange(flourish(element.clientWidth / Math.max(element.clientHeight, 1)));
  };

  const empty = !signature;
  const statusId = `${id}__status`;
  const instructionsId = `${id}__instructions`;
  return (
    <div className="signature">
      <div
        ref={box}
        id={id}
        className="signature-pad"
        tabIndex={0}
        role="img"
        aria-labelledby={`${labelId} ${statusId}`}
        aria-describedby={[instructionsId, describedBy].filter(Boolean).join(' ')}
        aria-required={required || undefined}
        aria-invalid={invalid || undefined}
        aria-disabled={disabled || undefined}
        data-strokes={signature?.strokes.length ?? 0}
        onBlur={onBlur}
      >
        <canvas
          ref={canvas}
          className="signature-canvas"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={finishStroke}
          onPointerCancel={finishStroke}
          onLostPointerCapture={finishStroke}
        />
        <span className="visually-hidden" id={statusId}>
          {t(empty ? 'signatureEmpty' : 'signatureSigned', lang)}
        </span>
      </div>
      <p className="visually-hidden" id={instructionsId}>
        {t('signatureInstructions', lang)}
      </p>
      {full && <p className="field-hint">{t('signatureFull', lang)}</p>}
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
