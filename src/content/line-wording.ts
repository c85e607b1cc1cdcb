/**
 * The default texts that say the emergency line answers around the clock, each with its wording
 * for a line that keeps opening hours ({when}: the hours in words, 'Mon–Fri 8am–6pm'). The
 * defaults of the site's facts and content modules mark such a text with `byTheLine`; the build writes
 * the pairs beside the default content (scripts/build/pages.mjs), and the site shows the second
 * wording wherever a revision still holds the first and the owner's facts say the line keeps
 * hours (`defaultLineWording`). A text the owner has changed is his own, and the
 * facts page names it instead (`ownTextsClaimingAllHours`).
 */
const wordings = new Map<string, string>();

/** What a wording needs of the emergency line (emergencyLineOf): whether it answers 24/7, and its hours in words. */
export interface LineWords {
  allHours: boolean;
  when: string;
}

/**
 * One phrase of ours in its two wordings: the one for a line that answers 24/7, or the one for a
 * line that keeps hours, `{when}` standing for those hours in words ('Mon–Fri 8am–6pm').
 */
export const byLine = (line: LineWords, allHours: string, inHours: string): string =>
  line.allHours ? allHours : inHours.replaceAll('{when}', line.when);

/** A default text in its 24/7 wording, with the words it takes when the line keeps hours. */
export function byTheLine(allHours: string, inHours: string): string {
  wordings.set(allHours, inHours);
  return allHours;
}

/** A stat's two lines are one claim: they change together ('24/7' 'Emergency callouts'). */
export const statKey = (stat: { value: string; label: string }) => `${stat.value}\n${stat.label}`;

/** A default stat in its 24/7 wording, with the stat it becomes when the line keeps hours. */
export function statByTheLine<S extends { value: string; label: string }>(allHours: S, inHours: S): S {
  wordings.set(statKey(allHours), statKey(inHours));
  return allHours;
}

/** Every pair marked so far: the 24/7 wording, and the wording within hours. */
export const lineWordings = (): Record<string, string> => Object.fromEntries(wordings);
