import { useId } from 'react';
import { RETURN_STATUS_LABELS, type ReturnEvent } from '@harbor/domain';
import { formatDateTime } from '../../lib/dates';
import './returns.css';

/** What happened to a return, oldest first: each status it took, when, by whom, and what was said. */
export function ReturnHistory({ history }: { history: readonly ReturnEvent[] }) {
  const id = useId();
  return (
    <section className="card return-history" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>History</h2>
      <ol className="plain-list return-events">
        {history.map((event, index) => (
          <li key={`${event.at}-${index}`} className="return-event">
            <p className="return-event-head">
              <strong>{RETURN_STATUS_LABELS[event.status]}</strong>
              <span className="muted small">
                <time dateTime={new Date(event.at).toISOString()}>{formatDateTime(event.at)}</time>
                {event.byName ? ` · ${event.byName}` : ''}
              </span>
            </p>
            {event.message && <p className="return-event-message">{event.message}</p>}
          </li>
        ))}
      </ol>
    </section>
  );
}
