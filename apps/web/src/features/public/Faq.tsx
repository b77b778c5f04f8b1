import type { MessageDescriptor } from '@lingui/core';
import { useLingui } from '@lingui/react/macro';
import classes from './Faq.module.css';

/** Questions and answers that open in place: native <details>, so nothing to hydrate (see Faq.module.css). */
export function Faq({ items }: { items: readonly { q: MessageDescriptor; a: MessageDescriptor }[] }) {
  const { i18n } = useLingui();
  return (
    <div className={classes.list}>
      {items.map((faq) => (
        <details key={faq.q.id} className={classes.item}>
          <summary className={classes.question}>{i18n._(faq.q)}</summary>
          <p className={classes.answer}>{i18n._(faq.a)}</p>
        </details>
      ))}
    </div>
  );
}
