/**
 * A short name for a device, from its browser's User-Agent ("Chrome on Android", "Safari on
 * iPhone"), so the Devices page can say which session is which. Only the browser and the
 * system: never a version or anything else that would single a device out.
 */
const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, 'Edge'],
  [/SamsungBrowser\//, 'Samsung Internet'],
  [/(?:Firefox|FxiOS)\//, 'Firefox'],
  [/OPR\//, 'Opera'],
  [/(?:Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/Safari\//, 'Safari'],
];

const SYSTEMS: [RegExp, string][] = [
  [/iPhone/, 'iPhone'],
  [/iPad/, 'iPad'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Windows/, 'Windows'],
  [/Mac OS X|Macintosh/, 'Mac'],
  [/Linux/, 'Linux'],
];

export function deviceName(userAgent: string | undefined): string {
  const ua = (userAgent ?? '').slice(0, 500);
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? 'Unknown browser';
}
