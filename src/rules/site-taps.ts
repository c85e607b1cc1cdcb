/**
 * The three taps on a job sheet (issue 57): On my way → Arrived → Finished, in that order. A tap
 * already made is a repeat (nothing new is stored); a tap that goes back, or "Finished" before
 * "Arrived", is refused in words. "On my way" may be left out: someone already at the door taps
 * "Arrived" first. The latest tap may be undone for a minute. Browser-safe: the sheet's island
 * works out the same state from the taps it knows, waiting ones too.
 */

export const TAP_KINDS = ['on-my-way', 'arrived', 'finished'] as const;
export type TapKind = (typeof TAP_KINDS)[number];

export const TAP_LABELS: Record<TapKind, string> = { 'on-my-way': 'On my way', arrived: 'Arrived', finished: 'Finished' };

/** How long after a tap it may be undone. */
export const UNDO_MS = 60_000;

export const stepOf = (kind: TapKind) => TAP_KINDS.indexOf(kind) + 1;

/** The furthest tap made (0: none yet). */
export const stageOf = (kinds: readonly TapKind[]) => Math.max(0, ...kinds.map(stepOf));

/** The kinds a tap of `kind` may not follow: itself or a later one (a repeat, or going back). */
export const atOrAfter = (kind: TapKind): TapKind[] => TAP_KINDS.filter((other) => stepOf(other) >= stepOf(kind));

/** What a tap of `kind` does after the taps made: stores it, repeats one made (stores nothing), or is refused. */
export type TapVerdict = { kind: 'store' } | { kind: 'repeat' } | { kind: 'refused'; message: string };

export function judgeTap(made: readonly TapKind[], kind: TapKind): TapVerdict {
  const stage = stageOf(made);
  const step = stepOf(kind);
  if (made.includes(kind) && stage === step) return { kind: 'repeat' };
  if (step <= stage) {
    const latest = TAP_KINDS[stage - 1]!;
    return { kind: 'refused', message: `“${TAP_LABELS[kind]}” comes before “${TAP_LABELS[latest]}”, which is already sent.` };
  }
  if (kind === 'finished' && stage < stepOf('arrived')) return { kind: 'refused', message: 'Tap “Arrived” before “Finished”.' };
  return { kind: 'store' };
}

/** The next tap to offer, or null once finished. */
export const nextTap = (made: readonly TapKind[]): TapKind | null => {
  const stage = stageOf(made);
  return stage === 0 ? 'on-my-way' : (TAP_KINDS[stage] ?? null);
};

export const TOO_LATE_TO_UNDO = 'Too late to undo: a tap can be undone for a minute after it.';
export const NOTHING_TO_UNDO = 'That tap is not the latest, so it was not undone.';
