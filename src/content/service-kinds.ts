import type { Service } from './types';

/**
 * What stays in code for each of the 12 services, whatever the owner writes about them: the icon,
 * and the call to action docs/spec.md gives its page. Small on purpose: the Worker carries this, while
 * the services' long default text (services.ts) is only the first content revision.
 */
export const serviceKinds: Readonly<Record<string, Pick<Service, 'icon' | 'cta'>>> = {
  'drain-unblocking': { icon: 'droplets', cta: 'quote' },
  'cctv-drain-survey': { icon: 'camera', cta: 'quote' },
  'drain-relining': { icon: 'wrench', cta: 'quote' },
  'emergency-service': { icon: 'siren', cta: 'emergency' },
  'commercial-drainage': { icon: 'building', cta: 'quote' },
  'preventive-maintenance': { icon: 'calendar-check', cta: 'quote' },
  soakaways: { icon: 'cloud-rain', cta: 'contact' },
  'sinks-and-toilets': { icon: 'bath', cta: 'contact' },
  'dig-ups-repairs': { icon: 'shovel', cta: 'contact' },
  'pump-repairs': { icon: 'gauge', cta: 'contact' },
  'emergency-plumbing': { icon: 'faucet', cta: 'emergency' },
  'root-cutting': { icon: 'tree', cta: 'contact' },
};
