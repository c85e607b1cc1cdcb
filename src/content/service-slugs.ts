/**
 * The 12 service slugs alone, in menu order: what the quote form's schema needs, without the
 * long page copy of services.ts (this module ends up in the browser). A unit test keeps the
 * two lists identical.
 */
export const serviceSlugs = [
  'drain-unblocking',
  'cctv-drain-survey',
  'drain-relining',
  'emergency-service',
  'commercial-drainage',
  'preventive-maintenance',
  'soakaways',
  'sinks-and-toilets',
  'dig-ups-repairs',
  'pump-repairs',
  'emergency-plumbing',
  'root-cutting',
] as const;

export type ServiceSlugValue = (typeof serviceSlugs)[number];

export function isServiceSlug(value: string): value is ServiceSlugValue {
  return (serviceSlugs as readonly string[]).includes(value);
}
