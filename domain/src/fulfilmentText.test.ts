import { describe, expect, it } from 'vitest';
import { fulfilmentIsSplit, lineFulfilmentText, stillToComeText, unitsToShip } from './fulfilmentText';

const line = (allocated: number, shipped: number, backordered: number, cancelled: number) => ({ allocated, shipped, backordered, cancelled });

describe('fulfilment text', () => {
  it('says what is still to come, with the expected date only when it is known', () => {
    expect(stillToComeText(line(5, 20, 15, 0), '2026-12-09')).toEqual(['5 ready to ship', '15 on backorder, expected Dec 9']);
    expect(stillToComeText(line(0, 20, 15, 0))).toEqual(['15 on backorder']);
    expect(stillToComeText(line(0, 20, 15, 0), 'soon')).toEqual(['15 on backorder']);
    expect(stillToComeText(line(0, 40, 0, 0), '2026-12-09')).toEqual([]);
  });

  it('names every state a line has, shipped first and cancelled last', () => {
    expect(lineFulfilmentText(line(5, 25, 8, 2), '2026-12-09')).toEqual(['25 shipped', '5 ready to ship', '8 on backorder, expected Dec 9', '2 cancelled']);
    expect(lineFulfilmentText(line(0, 0, 0, 4))).toEqual(['4 cancelled']);
  });

  it('counts the units neither shipped nor cancelled', () => {
    expect(unitsToShip([line(5, 25, 8, 2), line(1, 0, 0, 0), line(0, 3, 0, 0)])).toBe(14);
    expect(unitsToShip([line(0, 3, 0, 1)])).toBe(0);
  });

  it('shows an order line by line when something waits on backorder or its units are in more than one state', () => {
    expect(fulfilmentIsSplit([line(4, 0, 0, 0), line(2, 0, 0, 0)])).toBe(false);
    expect(fulfilmentIsSplit([line(0, 4, 0, 0), line(0, 2, 0, 0)])).toBe(false);
    expect(fulfilmentIsSplit([line(0, 0, 0, 4)])).toBe(false);
    expect(fulfilmentIsSplit([line(0, 0, 4, 0)])).toBe(true);
    expect(fulfilmentIsSplit([line(0, 4, 0, 0), line(2, 0, 0, 0)])).toBe(true);
    expect(fulfilmentIsSplit([line(0, 3, 0, 1)])).toBe(true);
  });
});
