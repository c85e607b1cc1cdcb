import { Icon } from './Icon';

/** A bulleted list with tick icons (features, benefits, reasons). */
export function CheckList({ items, className }: { items: readonly string[]; className?: string }) {
  return (
    <ul className={className ? `check-list ${className}` : 'check-list'}>
      {items.map((item) => (
        <li key={item}>
          <Icon name="check" size={18} className="check-list__icon" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
