import { useId, useState, type FormEvent } from 'react';
import { BRAND, isFinalQuoteStatus, type Quote, type QuoteMessage } from '@harbor/domain';
import { useAddQuoteMessageMutation, useGetQuoteMessagesQuery } from '../../lib/quotes/quotesApi';
import { formatDateTime } from '../../lib/dates';
import { failureMessage, LoadError } from '../LoadError';
import { Spinner } from '../Spinner';
import { TextAreaField } from '../TextAreaField';
import './quotes.css';

const KIND_LABELS: Record<QuoteMessage['kind'], string> = {
  message: '',
  request: 'Asked for a quote',
  quote: 'Sent a quote',
  'ask-changes': 'Asked for changes',
  decline: 'Declined',
  reject: 'Rejected',
  withdraw: 'Withdrew the request',
  accept: 'Accepted',
};

/** Who wrote a message, and for which side: "Dana Reyes (buyer)", "Sam Lee (Harbor Wholesale)". */
function author(message: QuoteMessage): string {
  const name = message.byName || (message.side === 'staff' ? 'Sales team' : 'Buyer');
  return `${name} (${message.side === 'staff' ? BRAND.name : 'buyer'})`;
}

interface QuoteThreadProps {
  quote: Pick<Quote, 'id' | 'status'>;
  /** The reader's side, whose messages read as its own. */
  side: 'buyer' | 'staff';
}

/** The conversation about a quote, oldest first, and a form to add a message while the quote is open. */
export function QuoteThread({ quote, side }: QuoteThreadProps) {
  const id = useId();
  const messages = useGetQuoteMessagesQuery(quote.id);
  const [addMessage, sending] = useAddQuoteMessageMutation();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const open = !isFinalQuoteStatus(quote.status);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!text.trim()) {
      setProblem('Write a message.');
      return;
    }
    const result = await addMessage({ quoteId: quote.id, text });
    if ('error' in result) {
      setProblem(failureMessage(result.error, 'Your message could not be sent. Please try again.'));
      return;
    }
    setProblem(null);
    setText('');
  }

  return (
    <section className="card quote-thread" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>Messages</h2>
      {messages.isLoading && <Spinner label="Loading messages…" />}
      {messages.isError && <LoadError error={messages.error} fallback="The messages could not be loaded." onRetry={messages.refetch} />}
      {messages.data && messages.data.length === 0 && <p className="muted">No messages yet.</p>}
      {messages.data && messages.data.length > 0 && (
        <ol className="quote-messages">
          {messages.data.map((message) => (
            <li key={message.id} className={`quote-message ${message.side === side ? 'own' : ''}`}>
              <p className="small muted">
                <strong>{author(message)}</strong> · <time dateTime={new Date(message.at).toISOString()}>{formatDateTime(message.at)}</time>
                {KIND_LABELS[message.kind] && <span className="quote-message-kind"> · {KIND_LABELS[message.kind]}</span>}
              </p>
              {message.text && <p className="quote-message-text">{message.text}</p>}
            </li>
          ))}
        </ol>
      )}
      {open ? (
        <form className="quote-message-form" onSubmit={(event) => void submit(event)} noValidate>
          <TextAreaField label="Add a message" rows={3} maxLength={2000} value={text} onChange={setText} problem={problem} />
          <button type="submit" className="button small" disabled={sending.isLoading}>
            {sending.isLoading ? 'Sending…' : 'Send message'}
          </button>
        </form>
      ) : (
        <p className="muted small">This quote is closed; no more messages can be added.</p>
      )}
    </section>
  );
}
