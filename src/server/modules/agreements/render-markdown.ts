import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

// Agreement texts are Markdown written by admins; readers get HTML that markdown-it renders and
// sanitize-html filters through an allow-list, so no script, event handler, style or foreign frame
// from the database ever reaches a page (docs/agreements.md).

const markdown = new MarkdownIt({ html: true, linkify: true, typographer: false });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'p',
    'br',
    'hr',
    'strong',
    'em',
    'u',
    's',
    'blockquote',
    'ul',
    'ol',
    'li',
    'a',
    'code',
    'pre',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel'], ol: ['start'], th: ['align'], td: ['align'] },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer nofollow' }),
  },
};

/** Markdown → HTML safe to put in a page. */
export function renderAgreementHtml(md: string): string {
  return sanitizeHtml(markdown.render(md), SANITIZE);
}
