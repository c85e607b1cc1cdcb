import type { ReactNode } from 'react';
import { tapPing } from '../http/tap-ping';
import { useSite } from '../site-content/context';
import { type ButtonSize, type ButtonVariant, buttonClass } from './button';
import { Icon } from './Icon';

/**
 * A button-styled call link to the emergency line of the current content revision, its taps
 * counted. docs/design.md, Calls first: the number itself is shown, so a worried visitor on a phone
 * sees what they are about to call. `children` replaces the default 'Call 01632 960 123'.
 */
export function CallButton({
  variant = 'destructive',
  size = 'lg',
  className,
  children,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  children?: ReactNode;
}) {
  const { phone } = useSite();
  return (
    <a className={buttonClass(variant, size, className)} href={phone.emergency.href} ping={tapPing(phone.emergency.href)}>
      <Icon name="phone" size={20} /> {children ?? `Call ${phone.emergency.display}`}
    </a>
  );
}
