import MarkdownIt from 'markdown-it';
import sanitizeHtml from 'sanitize-html';

/** Raw HTML in the Markdown is shown as text, not passed through: staff write Markdown, not markup. */
const md = new MarkdownIt({ html: false, linkify: true, typographer: false });

const SANITIZE: sanitizeHtml.IOptions = {
  allowedTags: [
    'h1',
    'h2',
    'h3',
    'h4',
    'p',
    'blockquote',
    'ul',
    'ol',
    'li',
    'strong',
    'em',
    's',
    'code',
    'pre',
    'a',
    'img',
    'table',
    'thead',
    'tbody',
    'tr',
    'th',
    'td',
    'hr',
    'br',
  ],
  allowedAttributes: { a: ['href', 'title', 'rel', 'target'], img: ['src', 'alt', 'title'], th: ['style'], td: ['style'] },
  allowedStyles: { '*': { 'text-align': [/^(left|right|center)$/] } },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'] },
  allowProtocolRelative: false,
  transformTags: {
    // Links leaving the site open apart and pass no referrer or ranking.
    a: (tagName, attribs) =>
      /^https?:/i.test(attribs.href ?? '')
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' } }
        : { tagName, attribs },
  },
};

/** Gene club Markdown to safe HTML: rendered by markdown-it, then cleaned by sanitize-html (scripts, handlers and javascript: links go). */
export function renderArticle(markdown: string): string {
  return cleanArticleHtml(md.render(markdown));
}

/** The sanitiser alone: what it lets through is all a page ever receives as article markup. */
export function cleanArticleHtml(html: string): string {
  return sanitizeHtml(html, SANITIZE);
}
