import { RecordNotFound } from '../../../components/RecordNotFound';
import { paths } from '../../../config';

/** A quote the buyer may not see reads the same as a missing one. */
export function QuoteNotFound() {
  return <RecordNotFound title="Quote not found" text="There is no quote with that number for your company." to={paths.quotes} linkLabel="View your quotes" />;
}
