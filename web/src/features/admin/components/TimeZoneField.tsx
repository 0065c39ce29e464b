import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';

/** The time zones a company's month can be counted in: UTC, then this browser's list of IANA zones. */
const TIME_ZONES = ['UTC', ...Intl.supportedValuesOf('timeZone').filter((zone) => zone !== 'UTC')];

/** A zone as people read it: "America/New York". */
const zoneName = (zone: string) => zone.replaceAll('_', ' ');

/** The zone's offset from UTC now ("GMT-5"), which is how most people know their zone. */
function zoneOffset(zone: string): string {
  return new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'shortOffset' }).formatToParts(Date.now()).find((part) => part.type === 'timeZoneName')?.value ?? '';
}

/** Lower case, with "_", "/" and "-" read as spaces, so "new york" finds America/New_York. */
const searchable = (text: string) => text.toLowerCase().replace(/[_/-]+/g, ' ').trim();

interface TimeZoneFieldProps {
  label: string;
  value: string;
  onChange: (zone: string) => void;
}

/**
 * Picks one of four hundred time zones by typing part of its name or offset ("chicago",
 * "GMT+2"): a combobox with a list of the zones that match, chosen with the mouse or the arrow
 * keys and Enter. Text that names no zone is put back to the zone chosen when the field is left.
 */
export function TimeZoneField({ label, value, onChange }: TimeZoneFieldProps) {
  const id = useId();
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  const open = query !== null;
  // Offsets are worked out once, when the list is first opened.
  const zones = useMemo(() => (open ? TIME_ZONES.map((zone) => ({ zone, name: zoneName(zone), offset: zoneOffset(zone) })) : []), [open]);
  const matches = useMemo(() => {
    const words = searchable(query ?? '').split(' ').filter(Boolean);
    return zones.filter(({ zone, offset }) => words.every((word) => searchable(`${zone} ${offset}`).includes(word)));
  }, [zones, query]);

  // Opened, the list shows the chosen zone where it is.
  useEffect(() => {
    if (open) list.current?.children[active]?.scrollIntoView?.({ block: 'nearest' });
    // Only when the list opens; moving through it scrolls in moveTo.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  /** Opens the list of every zone, at the chosen one. */
  function openAll() {
    setQuery('');
    setActive(Math.max(0, TIME_ZONES.indexOf(value)));
  }

  function choose(zone: string) {
    setQuery(null);
    if (zone !== value) onChange(zone);
  }

  function moveTo(index: number) {
    const next = Math.max(0, Math.min(matches.length - 1, index));
    setActive(next);
    list.current?.children[next]?.scrollIntoView?.({ block: 'nearest' });
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (!open) openAll();
      else moveTo(active + (event.key === 'ArrowDown' ? 1 : -1));
    } else if (event.key === 'Enter' && open) {
      // The form is not sent while a zone is being picked.
      event.preventDefault();
      const picked = matches[active];
      if (picked) choose(picked.zone);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setQuery(null);
    }
  }

  /** Leaving the field: text that is exactly a zone's name picks it, anything else shows the chosen zone again. */
  function onBlur() {
    if (query === null) return;
    const typed = searchable(query);
    const named = TIME_ZONES.find((zone) => searchable(zone) === typed);
    choose(named ?? value);
  }

  const listId = `${id}-zones`;
  const optionId = (index: number) => `${id}-zone-${index}`;
  return (
    <div className="field time-zone-field">
      <label htmlFor={id}>{label}</label>
      <div className="combobox">
        <input
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-describedby={`${id}-hint`}
          {...(open && matches[active] ? { 'aria-activedescendant': optionId(active) } : {})}
          autoComplete="off"
          spellCheck={false}
          value={query ?? zoneName(value)}
          onFocus={(event) => event.target.select()}
          placeholder={zoneName(value)}
          onClick={() => !open && openAll()}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          onBlur={onBlur}
        />
        {open && (
          <ul id={listId} role="listbox" aria-label={label} className="combobox-list" ref={list}>
            {matches.length === 0 ? (
              <li className="combobox-empty" role="presentation">
                No time zone matches &ldquo;{query}&rdquo;.
              </li>
            ) : (
              matches.map(({ zone, name, offset }, index) => (
                <li
                  key={zone}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === active}
                  className={zone === value ? 'chosen' : undefined}
                  // Chosen on mouse down, before the input loses the focus (which would close the list).
                  onMouseDown={(event) => {
                    event.preventDefault();
                    choose(zone);
                  }}
                  onMouseMove={() => setActive(index)}
                >
                  <span>{name}</span>
                  <span className="muted small">{offset}</span>
                </li>
              ))
            )}
          </ul>
        )}
      </div>
      <small id={`${id}-hint`} className="hint">
        Type a city, region or offset, such as Chicago or GMT+1.
      </small>
    </div>
  );
}
