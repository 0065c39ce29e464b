import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { lastDays } from '@harbor/domain';
import { RevenueChart } from './RevenueChart';

const days = lastDays(new Date(2026, 2, 31), 30).map((day, index) => ({ key: day.key, orders: index % 3, revenue: index * 10_000 }));

describe('RevenueChart', () => {
  it('draws one bar per day, scaled to a round axis maximum', () => {
    const { container } = render(<RevenueChart days={days} />);
    const bars = [...container.querySelectorAll('rect.chart-bar')];
    expect(bars).toHaveLength(30);
    // The highest day ($2,900) sits below the $5K axis top; day one has no bar.
    expect(screen.getByText('$5K')).toBeInTheDocument();
    expect(Number(bars[0]!.getAttribute('height'))).toBe(0);
    expect(Number(bars[29]!.getAttribute('height'))).toBeGreaterThan(Number(bars[14]!.getAttribute('height')));
  });

  it('tells each day\'s figures to pointer and screen-reader users', () => {
    render(<RevenueChart days={days} />);
    expect(screen.getByRole('img', { name: 'Revenue per day for the last 30 days' })).toBeInTheDocument();
    expect(screen.getByText('Mar 31: $2,900.00 from 2 orders')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Revenue per day' });
    expect(table.querySelectorAll('tbody tr')).toHaveLength(30);
  });
});
