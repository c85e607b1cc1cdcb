import { useEffect, useRef, useState } from 'react';
import { buttonClass } from '../../../src/components/button';

/**
 * The customer signs on the engineer's phone (issue 50): a box to draw in with a finger or a
 * pen (pointer events), a Clear button, and the drawing put into the signature form's file field
 * as a PNG after every stroke, so the form (sent now, or queued without signal) carries it
 * beside the typed name. Rendered inside that form; without JavaScript the form still offers the
 * typed name and "customer not present".
 */
export interface SignaturePadProps {
  /** The form's file field the PNG goes into. */
  field: string;
  typedBeforeStart?: Record<string, string>;
}

const HEIGHT = 180;

/** The form's file field for the drawing (its own picker hidden: the box takes its place), made when missing. */
function fileInput(form: HTMLFormElement, field: string): HTMLInputElement {
  const found = form.querySelector<HTMLInputElement>(`input[type="file"][name="${CSS.escape(field)}"]`);
  if (found) {
    // display, not hidden: the field's own display rule would win over the attribute.
    (found.closest<HTMLElement>('.lead-form__field') ?? found).style.display = 'none';
    return found;
  }
  const input = document.createElement('input');
  input.type = 'file';
  input.name = field;
  input.hidden = true;
  form.appendChild(input);
  return input;
}

export default function SignaturePad({ field }: SignaturePadProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [signed, setSigned] = useState(false);
  const clearDrawing = useRef<() => void>(() => {});
  // Shown only once running: without JavaScript a box that cannot be drawn in would only confuse.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  useEffect(() => {
    if (!ready) return;
    const box = canvas.current;
    const form = box?.closest('form');
    const context = box?.getContext('2d');
    if (!box || !form || !context) return;
    fileInput(form, field);
    const ratio = window.devicePixelRatio || 1;
    box.width = Math.round(box.clientWidth * ratio);
    box.height = Math.round(HEIGHT * ratio);
    context.scale(ratio, ratio);
    context.lineWidth = 2.5;
    context.lineCap = 'round';
    context.lineJoin = 'round';
    context.strokeStyle = '#111';
    let drawing = false;
    const at = (event: PointerEvent) => {
      const rect = box.getBoundingClientRect();
      return { x: event.clientX - rect.left, y: event.clientY - rect.top };
    };
    const down = (event: PointerEvent) => {
      drawing = true;
      box.setPointerCapture(event.pointerId);
      const { x, y } = at(event);
      context.beginPath();
      context.moveTo(x, y);
      context.lineTo(x + 0.01, y);
      context.stroke();
    };
    const move = (event: PointerEvent) => {
      if (!drawing) return;
      const { x, y } = at(event);
      context.lineTo(x, y);
      context.stroke();
    };
    const up = () => {
      if (!drawing) return;
      drawing = false;
      setSigned(true);
      box.toBlob((blob) => {
        if (!blob) return;
        const files = new DataTransfer();
        files.items.add(new File([blob], 'signature.png', { type: 'image/png' }));
        fileInput(form, field).files = files.files;
      }, 'image/png');
    };
    const clear = () => {
      context.clearRect(0, 0, box.width, box.height);
      fileInput(form, field).value = '';
      setSigned(false);
    };
    box.addEventListener('pointerdown', down);
    box.addEventListener('pointermove', move);
    box.addEventListener('pointerup', up);
    box.addEventListener('pointercancel', up);
    form.addEventListener('reset', clear);
    clearDrawing.current = clear;
    return () => {
      box.removeEventListener('pointerdown', down);
      box.removeEventListener('pointermove', move);
      box.removeEventListener('pointerup', up);
      box.removeEventListener('pointercancel', up);
      form.removeEventListener('reset', clear);
    };
  }, [field, ready]);

  return (
    <div className="signature-pad" hidden={!ready}>
      <canvas
        ref={canvas}
        className="signature-pad__box"
        style={{ height: HEIGHT, touchAction: 'none' }}
        aria-label="Sign here with a finger"
        role="img"
      />
      <p className="signature-pad__actions">
        <span>{signed ? 'Signed.' : 'Sign in the box above.'}</span>
        <button type="button" className={buttonClass('outline', 'sm')} onClick={() => clearDrawing.current()}>
          Clear
        </button>
      </p>
    </div>
  );
}
