import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { RepeatedIcon, RepeatedIconSymbols, type RepeatedIconName } from './RepeatedIcons';

describe('RepeatedIcon', () => {
  it.each<RepeatedIconName>(['cart', 'inStock', 'lowStock', 'outOfStock', 'backorder'])('%s refers to a drawing the page defines once, hidden from screen readers', (name) => {
    const { container } = render(
      <>
        <RepeatedIconSymbols />
        <RepeatedIcon name={name} size={16} />
        <RepeatedIcon name={name} size={16} />
      </>,
    );
    const uses = container.querySelectorAll('use');
    expect(uses).toHaveLength(2);
    const drawing = container.querySelector(uses[0]!.getAttribute('href')!);
    expect(drawing?.tagName).toBe('symbol');
    expect(drawing?.querySelector('path, circle')).not.toBeNull();
    expect(container.querySelectorAll(`[id="${drawing!.id}"]`)).toHaveLength(1);
    for (const svg of container.querySelectorAll(':scope > svg')) expect(svg).toHaveAttribute('aria-hidden', 'true');
  });
});
