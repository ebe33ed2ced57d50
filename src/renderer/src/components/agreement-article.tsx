import './agreement-article.css';

/** One numbered section of an agreement: its heading and paragraphs. */
export type AgreementSection = { title: string; paragraphs: readonly string[] };

/** An agreement's full text as one readable article (licence, member service …). */
export function AgreementArticle({
  title,
  sections,
}: {
  title: string;
  sections: readonly AgreementSection[];
}) {
  return (
    <article className="agreement-article">
      <h1>{title}</h1>
      {sections.map((section) => (
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
