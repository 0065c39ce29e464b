import { CalendarClock, CircleAlert, CircleCheck, CircleX, ShoppingCart, type LucideIcon } from 'lucide-react';

/**
 * Icons a page repeats on every product (a card's cart button, its stock): drawn once per page
 * and referenced by each use. Written out in full they were half of a product card's markup,
 * which the browser parses and React hydrates on the catalog's first view.
 */
const REPEATED_ICONS = {
  cart: ShoppingCart,
  inStock: CircleCheck,
  lowStock: CircleAlert,
  outOfStock: CircleX,
  backorder: CalendarClock,
} satisfies Record<string, LucideIcon>;

export type RepeatedIconName = keyof typeof REPEATED_ICONS;

const symbolId = (name: RepeatedIconName) => `icon-${name}`;

/** The drawings, rendered once by the layout. */
export function RepeatedIconSymbols() {
  return (
    <svg className="icon-symbols" width="0" height="0" aria-hidden="true" focusable="false">
      {Object.entries(REPEATED_ICONS).map(([name, Icon]) => (
        <symbol key={name} id={symbolId(name as RepeatedIconName)} viewBox="0 0 24 24">
          <Icon />
        </symbol>
      ))}
    </svg>
  );
}

/** One use of a repeated icon, decorative (the text beside it says what it means). */
export function RepeatedIcon({ name, size }: { name: RepeatedIconName; size: number }) {
  return (
    <svg width={size} height={size} aria-hidden="true" focusable="false">
      <use href={`#${symbolId(name)}`} />
    </svg>
  );
}
