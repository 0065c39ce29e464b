import { useId } from 'react';
import { formatMoney, niceCeiling, type DayFigures } from '@harbor/domain';
import { formatDayKey } from '../../../lib/dates';
import { formatCompactMoney } from '../formatting';

interface RevenueChartProps {
  /** Oldest first. */
  days: Array<DayFigures & { key: string }>;
}

const WIDTH = 720;
const HEIGHT = 240;
const PLOT = { left: 56, right: 8, top: 12, bottom: 28 };
// Five steps keep the labels round for every axis top niceCeiling picks (1, 2, 2.5, 5 x 10^n).
const GRID_LINES = 5;
/** The axis never goes below $100, so an empty month shows $0 to $100 rather than fractions of a cent. */
const MIN_AXIS_CENTS = 10_000;

/** Revenue per day as an SVG bar chart, with the same figures in a table for screen readers. */
export function RevenueChart({ days }: RevenueChartProps) {
  const captionId = useId();
  const top = niceCeiling(Math.max(MIN_AXIS_CENTS, ...days.map((day) => day.revenue)));
  const plotWidth = WIDTH - PLOT.left - PLOT.right;
  const plotHeight = HEIGHT - PLOT.top - PLOT.bottom;
  const slot = plotWidth / Math.max(days.length, 1);
  const barWidth = Math.max(2, slot * 0.68);
  const y = (cents: number) => PLOT.top + plotHeight - (cents / top) * plotHeight;

  return (
    <figure className="revenue-chart">
      <figcaption id={captionId} className="visually-hidden">
        Revenue per day for the last {days.length} days
      </figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={captionId}>
        {Array.from({ length: GRID_LINES + 1 }, (_, index) => {
          const value = (top / GRID_LINES) * index;
          return (
            <g key={index} className="chart-grid">
              <line x1={PLOT.left} x2={WIDTH - PLOT.right} y1={y(value)} y2={y(value)} />
              <text x={PLOT.left - 8} y={y(value)} dy="0.32em" textAnchor="end">
                {formatCompactMoney(value)}
              </text>
            </g>
          );
        })}
        {days.map((day, index) => {
          const x = PLOT.left + index * slot + (slot - barWidth) / 2;
          const label = formatDayKey(day.key);
          // Label every fifth day from the newest backwards, so today always has one.
          const labelled = (days.length - 1 - index) % 5 === 0;
          return (
            <g key={day.key}>
              <rect className="chart-bar" x={x} y={y(day.revenue)} width={barWidth} height={Math.max(0, PLOT.top + plotHeight - y(day.revenue))} rx={2}>
                <title>{`${label}: ${formatMoney(day.revenue)} from ${day.orders} order${day.orders === 1 ? '' : 's'}`}</title>
              </rect>
              {labelled && (
                <text className="chart-label" x={x + barWidth / 2} y={HEIGHT - 8} textAnchor="middle">
                  {label}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <table className="visually-hidden">
        <caption>Revenue per day</caption>
        <thead>
          <tr>
            <th scope="col">Day</th>
            <th scope="col">Orders</th>
            <th scope="col">Revenue</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.key}>
              <th scope="row">{formatDayKey(day.key)}</th>
              <td>{day.orders}</td>
              <td>{formatMoney(day.revenue)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
