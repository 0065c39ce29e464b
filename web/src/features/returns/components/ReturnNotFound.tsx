import { RecordNotFound } from '../../../components/RecordNotFound';
import { paths } from '../../../config';

/** A return the reader may not see reads the same as a missing one. */
export function ReturnNotFound() {
  return <RecordNotFound title="Return not found" text="There is no return with that number in your account." to={paths.returns} linkLabel="View your returns" />;
}
