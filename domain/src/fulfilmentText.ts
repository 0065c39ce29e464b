/**
 * How an order line's fulfilment reads to the buyer, the same on the order page and in its
 * e-mails: "25 shipped", "5 ready to ship", "10 on backorder, expected Dec 9", "2 cancelled".
 */
import { restockDateText } from './fulfilment';
import type { LineFulfilment } from './orders';

/** What of a line is still to come: its units ready to ship and on backorder (with the product's expected date when known). */
export function stillToComeText(line: Pick<LineFulfilment, 'allocated' | 'backordered'>, restockDate = ''): string[] {
  const expected = restockDateText(restockDate);
  return [...(line.allocated ? [`${line.allocated} ready to ship`] : []), ...(line.backordered ? [`${line.backordered} on backorder${expected ? `, expected ${expected}` : ''}`] : [])];
}

/** Everything that became of a line's units, the states it has: shipped, still to come, cancelled. */
export function lineFulfilmentText(line: LineFulfilment, restockDate = ''): string[] {
  return [...(line.shipped ? [`${line.shipped} shipped`] : []), ...stillToComeText(line, restockDate), ...(line.cancelled ? [`${line.cancelled} cancelled`] : [])];
}

/** Units of an order neither shipped nor cancelled. */
export function unitsToShip(items: readonly LineFulfilment[]): number {
  return items.reduce((total, item) => total + item.allocated + item.backordered, 0);
}

const LINE_STATES = ['allocated', 'shipped', 'backordered', 'cancelled'] as const;

/**
 * Whether an order is worth showing line by line: something is on backorder, or its units are in
 * more than one state. An order whose every unit is ready, shipped or cancelled says so by its status.
 */
export function fulfilmentIsSplit(items: readonly LineFulfilment[]): boolean {
  const states = new Set(items.flatMap((item) => LINE_STATES.filter((state) => item[state] > 0)));
  return states.has('backordered') || states.size > 1;
}
