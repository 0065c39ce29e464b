import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { TimeZoneField } from './TimeZoneField';

function Picker({ onChange }: { onChange: (zone: string) => void }) {
  const [zone, setZone] = useState('UTC');
  return (
    <form onSubmit={() => onChange('submitted')}>
      <TimeZoneField
        label="Time zone"
        value={zone}
        onChange={(next) => {
          setZone(next);
          onChange(next);
        }}
      />
      <button type="submit">Save</button>
    </form>
  );
}

const field = () => screen.getByRole('combobox', { name: 'Time zone' });
const options = () => screen.queryAllByRole('option').map((option) => option.firstChild?.textContent);

describe('TimeZoneField', () => {
  it('finds a zone by part of its name and picks it with the keyboard, without sending the form', async () => {
    const onChange = vi.fn();
    render(<Picker onChange={onChange} />);
    await userEvent.click(field());
    await userEvent.keyboard('new york');
    expect(options()).toEqual(['America/New York']);
    await userEvent.keyboard('{ArrowDown}{Enter}');
    expect(onChange).toHaveBeenCalledExactlyOnceWith('America/New_York');
    expect(field()).toHaveValue('America/New York');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });

  it('finds zones by offset, and picks one with the mouse', async () => {
    const onChange = vi.fn();
    render(<Picker onChange={onChange} />);
    await userEvent.click(field());
    await userEvent.keyboard('tokyo gmt+9');
    await userEvent.click(screen.getByRole('option', { name: /Asia\/Tokyo/ }));
    expect(onChange).toHaveBeenCalledExactlyOnceWith('Asia/Tokyo');
  });

  it('puts back the chosen zone when the text names none, and says when nothing matches', async () => {
    const onChange = vi.fn();
    render(<Picker onChange={onChange} />);
    await userEvent.click(field());
    await userEvent.keyboard('atlantis');
    expect(screen.getByText('No time zone matches “atlantis”.')).toBeInTheDocument();
    await userEvent.tab();
    expect(field()).toHaveValue('UTC');
    expect(onChange).not.toHaveBeenCalled();
    // Escape closes the list and keeps the zone too.
    await userEvent.click(field());
    await userEvent.keyboard('euro{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(field()).toHaveValue('UTC');
  });
});
