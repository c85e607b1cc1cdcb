/**
 * A short name for a device, from its browser's User-Agent ("Chrome on Android 14", "Safari on
 * iPhone, iOS 18"), so the Devices page can say which session is which. The browser, the system
 * and, for phones, the system's major version (two iPhones of a family often differ by it):
 * never a browser's version or anything else that would single a device out.
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

/** The major version of a phone's system: "iOS 18", "Android 14"; nothing for computers. */
function systemVersion(ua: string, system: string | undefined): string {
  if (system === 'iPhone' || system === 'iPad') {
    const major = /(?:iPhone )?OS (\d{1,2})_/.exec(ua)?.[1];
    return major ? `, iOS ${major}` : '';
  }
  if (system === 'Android') {
    const major = /Android (\d{1,2})\b/.exec(ua)?.[1];
    return major ? ` ${major}` : '';
  }
  return '';
}

export function deviceName(userAgent: string | undefined): string {
  const ua = (userAgent ?? '').slice(0, 500);
  const browser = BROWSERS.find(([pattern]) => pattern.test(ua))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  const named = system ? `${system}${systemVersion(ua, system)}` : undefined;
  if (browser && named) return `${browser} on ${named}`;
  return browser ?? named ?? 'Unknown browser';
}
