import { Link } from 'react-router-dom';

interface RecordNotFoundProps {
  /** "Order not found". */
  title: string;
  /** Where the reader's own records are, said in a sentence. */
  text: string;
  to: string;
  linkLabel: string;
}

/** An order, quote or return the reader may not see, which reads the same as a missing one. */
export function RecordNotFound({ title, text, to, linkLabel }: RecordNotFoundProps) {
  return (
    <section className="page narrow center">
      <p className="eyebrow">Error 404</p>
      <h1>{title}</h1>
      <p className="muted">{text}</p>
      <Link to={to} className="button">
        {linkLabel}
      </Link>
    </section>
  );
}
