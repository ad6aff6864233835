import { Marked, type Tokens } from 'marked';

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** Addresses a link may have: the web's own, mail, and other sites over HTTP(S). Not javascript: or data:. */
const SAFE_HREF = /^(https?:\/\/|mailto:|\/(?!\/)|#)/i;

/**
 * Markdown to HTML for the blog. The posts are ours, yet written by people: HTML typed into one is shown as
 * text rather than run, a link to anything but a web or mail address stays plain text, and links to other
 * sites open in a new tab without handing it this page (noopener) or the address it came from (noreferrer).
 */
const marked = new Marked({
  gfm: true,
  renderer: {
    html({ text }: Tokens.HTML | Tokens.Tag) {
      return escapeHtml(text);
    },
    link({ href, title, tokens }: Tokens.Link) {
      const text = this.parser.parseInline(tokens);
      if (!SAFE_HREF.test(href)) return text;
      const titled = title ? ` title="${escapeHtml(title)}"` : '';
      const external = /^https?:\/\//i.test(href) ? ' target="_blank" rel="noopener noreferrer"' : '';
      return `<a href="${escapeHtml(href)}"${titled}${external}>${text}</a>`;
    },
    // Images would load from anywhere the post names; posts carry none, so one shows as its description.
    image({ text }: Tokens.Image) {
      return escapeHtml(text);
    },
  },
});

export function renderMarkdown(source: string): string {
  return marked.parse(source, { async: false });
}
