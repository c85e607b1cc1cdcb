/**
 * Run by scripts/build.mjs at build time (bundled for Node): the SVG markup that is the same on
 * every request, rendered once here so the Worker neither carries lucide-react or the map's
 * geometry nor renders them per page. Writes nothing itself; see server-markup.mjs.
 */
import {
  ArrowLeft,
  ArrowRight,
  Award,
  Bath,
  Building2,
  CalendarCheck,
  Camera,
  Check,
  ChevronDown,
  CircleAlert,
  Clock,
  CloudRain,
  Droplets,
  Faucet,
  Gauge,
  type LucideIcon,
  Mail,
  MapPin,
  Menu,
  MessageCircle,
  Phone,
  PoundSterling,
  ShieldCheck,
  Shovel,
  Siren,
  Star,
  TreeDeciduous,
  Users,
  Wrench,
  X,
} from 'lucide-react';
import { renderToStaticMarkup } from 'react-dom/server';
import { AreasPictureShapes } from '../../src/components/map/AreasPictureShapes';
import type { IconName } from '../../src/content/types';
import { areasBase, regionBounds } from '../../src/map/picture';

const lucide: Record<Exclude<IconName, 'instagram' | 'x'>, LucideIcon> = {
  droplets: Droplets,
  camera: Camera,
  wrench: Wrench,
  siren: Siren,
  building: Building2,
  'calendar-check': CalendarCheck,
  'cloud-rain': CloudRain,
  bath: Bath,
  shovel: Shovel,
  gauge: Gauge,
  faucet: Faucet,
  tree: TreeDeciduous,
  phone: Phone,
  mail: Mail,
  message: MessageCircle,
  'map-pin': MapPin,
  clock: Clock,
  shield: ShieldCheck,
  star: Star,
  check: Check,
  award: Award,
  users: Users,
  pound: PoundSterling,
  menu: Menu,
  close: X,
  'chevron-down': ChevronDown,
  'arrow-left': ArrowLeft,
  'arrow-right': ArrowRight,
  alert: CircleAlert,
};

/** What goes inside an icon's <svg>: lucide's shapes, without its wrapper. */
function innerOf(svg: string): string {
  const inner = /^<svg[^>]*>([\s\S]*)<\/svg>$/.exec(svg)?.[1];
  if (inner === undefined) throw new Error(`server-markup: not an <svg>: ${svg.slice(0, 80)}`);
  return inner;
}

export function serverMarkup() {
  const icons = Object.fromEntries(
    Object.entries(lucide).map(([name, Component]) => [name, innerOf(renderToStaticMarkup(<Component />))]),
  );
  const picture = areasBase();
  return {
    icons,
    areasPicture: { viewBox: picture.viewBox, shapes: renderToStaticMarkup(<AreasPictureShapes picture={picture} />) },
    regionBounds,
  };
}
