import classes from './Faq.module.css';

/** Questions and answers that open in place: native <details>, so nothing to hydrate (see Faq.module.css). */
export function Faq({ items }: { items: readonly { q: string; a: string }[] }) {
  return (
    <div className={classes.list}>
      {items.map((faq) => (
        <details key={faq.q} className={classes.item}>
          <summary className={classes.question}>{faq.q}</summary>
          <p className={classes.answer}>{faq.a}</p>
        </details>
      ))}
    </div>
  );
}
