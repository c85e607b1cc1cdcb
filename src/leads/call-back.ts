import { closedByNotice, type EmergencyLine, isLineOpen, nextOpeningInWords } from '../site-content/emergency-line';

/**
 * When a customer should expect our call, as the sent panel and the confirmation e-mail say it.
 * A request for a call "as soon as possible" is answered by the emergency line's hours, not by
 * the everyday promise ("within one working day"): while the line is open, within the hour; while
 * it is closed, when it next opens (UK time, in words), the owner's notices that close or shorten
 * the hours counted (`emergencyLineOf`).
 */
export interface CallBackPromise {
  /** One sentence, without its full stop. */
  text: string;
  /** Whether the emergency line answers right now (the panel's "Urgent? Call … now" says so only then). */
  lineOpen: boolean;
}

export function callBackPromise(
  facts: { line: EmergencyLine; response: { callBack: string } },
  bestTime: string,
  now: number,
): CallBackPromise {
  const lineOpen = isLineOpen(facts.line, now);
  if (bestTime !== 'asap') return { text: facts.response.callBack, lineOpen };
  if (lineOpen) return { text: 'You asked for a call as soon as possible: we will call you within the hour', lineOpen };
  const next = nextOpeningInWords(facts.line, now);
  return {
    text: next
      ? `You asked for a call as soon as possible: our line is closed now, so we will call you when it opens, ${next}`
      : `You asked for a call as soon as possible: our line is closed now, so ${lowerFirst(facts.response.callBack)}`,
    lineOpen,
  };
}

const lowerFirst = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/**
 * Where to call if it cannot wait, as every e-mail to a customer says it at `at` (when it is
 * sent): while a notice keeps the line closed, that it is closed and when it opens; otherwise
 * `usual`, the e-mail's own sentence with the line's standing hours.
 */
export function urgentLine(
  site: { line: EmergencyLine; phone: { emergency: { display: string } } },
  at: number,
  usual: string,
): string {
  const next = closedByNotice(site.line, at) ? nextOpeningInWords(site.line, at) : undefined;
  return next ? `Our emergency line is closed now and opens ${next}: ${site.phone.emergency.display}.` : usual;
}
