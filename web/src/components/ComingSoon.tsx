interface ComingSoonProps {
  title: string;
  children: React.ReactNode;
}

/** An honest placeholder for a page whose feature is not built yet. */
export function ComingSoon({ title, children }: ComingSoonProps) {
  return (
    <section className="page narrow">
      <h1>{title}</h1>
      <p className="muted">Coming soon. {children}</p>
    </section>
  );
}
