/** docs/spec.md §9 button variants and sizes, as class names (styles in buttons.css). */
export type ButtonVariant = 'default' | 'destructive' | 'outline' | 'secondary' | 'ghost' | 'link' | 'accent';
export type ButtonSize = 'default' | 'sm' | 'lg' | 'icon';

export function buttonClass(variant: ButtonVariant = 'default', size: ButtonSize = 'default', extra?: string): string {
  return ['btn', `btn--${variant}`, size === 'default' ? '' : `btn--${size}`, extra ?? ''].filter(Boolean).join(' ');
}
