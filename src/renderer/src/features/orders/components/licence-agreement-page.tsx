import { LICENCE_AGREEMENT, LICENCE_AGREEMENT_TITLE } from '../lib/licence-agreement';
import './orders.css';

/** /materialOrder/agreement: the licence agreement of both order kinds. */
export function LicenceAgreementPage() {
  return (
    <article className="order-agreement">
      <h1>{LICENCE_AGREEMENT_TITLE}</h1>
      {LICENCE_AGREEMENT.map((section) => (
        <section key={section.title}>
          <h2>{section.title}</h2>
          {section.paragraphs.map((p) => (
            <p key={p.slice(0, 24)}>{p}</p>
          ))}
        </section>
      ))}
    </article>
  );
}
