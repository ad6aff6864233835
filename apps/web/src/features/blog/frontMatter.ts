/** What a post's front matter must give (apps/web/src/features/blog/posts/*.md). */
export type PostMeta = { title: string; date: string; summary: string; author: string };

const FIELDS = ['title', 'date', 'summary', 'author'] as const;

/**
 * Splits a post into its front matter and its Markdown. The front matter is `key: value` lines between two
 * `---` lines (no YAML beyond that: posts need nothing more). Throws naming the post and the field, so a
 * post with a mistake fails its test, not a reader's page.
 */
export function parsePost(slug: string, raw: string): { meta: PostMeta; body: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(raw);
  if (!match) throw new Error(`Post ${slug}: no front matter between --- lines`);
  const fields = new Map<string, string>();
  for (const line of (match[1] ?? '').split(/\r?\n/)) {
    if (!line.trim()) continue;
    const colon = line.indexOf(':');
    if (colon < 1) throw new Error(`Post ${slug}: "${line}" is not key: value`);
    fields.set(line.slice(0, colon).trim(), line.slice(colon + 1).trim());
  }
  const meta = {} as PostMeta;
  for (const key of FIELDS) {
    const value = fields.get(key);
    if (!value) throw new Error(`Post ${slug}: ${key} is missing`);
    meta[key] = value;
  }
  if (!/^\d{4}-\d{2}-\d{2}$/.test(meta.date) || Number.isNaN(Date.parse(meta.date)))
    throw new Error(`Post ${slug}: date must be YYYY-MM-DD`);
  return { meta, body: match[2] ?? '' };
}
