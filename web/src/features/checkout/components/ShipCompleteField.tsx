import { useId } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface ShipCompleteFieldProps {
  registration: UseFormRegisterReturn;
  /** The company ships every order complete: the choice is made already. */
  companyShipsComplete: boolean;
}

/**
 * "Ship complete", offered when a line of the order would wait on backorder: by default what is on
 * the shelf ships now and the rest follows; the buyer may ask for one delivery instead.
 */
export function ShipCompleteField({ registration, companyShipsComplete }: ShipCompleteFieldProps) {
  const headingId = useId();
  const noteId = useId();
  return (
    <section className="card" aria-labelledby={headingId}>
      <h2 id={headingId}>Backordered items</h2>
      <p className="muted small">Part of this order waits on backorder: what is on the shelf ships now and the rest follows when it arrives.</p>
      <label className="checkbox ship-complete">
        {companyShipsComplete ? <input type="checkbox" checked disabled readOnly aria-describedby={noteId} /> : <input type="checkbox" {...registration} />}
        <span>
          <strong>Ship complete</strong>
          <small className="muted">Ship nothing until everything can ship together.</small>
        </span>
      </label>
      {companyShipsComplete && (
        <p id={noteId} className="small">
          Your company ships complete: its orders never ship in part.
        </p>
      )}
    </section>
  );
}
