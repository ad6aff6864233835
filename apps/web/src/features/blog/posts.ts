import { type PostMeta, parsePost } from './frontMatter.ts';

export type PostSummary = PostMeta & { slug: string };
export type Post = PostSummary & { body: string };

// Each post is its own chunk, fetched when a page needs it: the blog adds nothing to other pages' loads.
const files = import.meta.glob<string>('./posts/*.md', { query: '?raw', import: 'default', eager: false });

/** A post's address is its file's name: posts/ra-11898-explained.md is /blog/ra-11898-explained. */
const loaders = new Map(
  Object.entries(files).map(([path, load]) => [path.replace(/^\.\/posts\//, '').replace(/\.md$/, ''), load]),
);

export const POST_SLUGS: readonly string[] = [...loaders.keys()];

/** One post, or null when no post has this address. */
export async function loadPost(slug: string): Promise<Post | null> {
  const load = loaders.get(slug);
  if (!load) return null;
  const { meta, body } = parsePost(slug, await load());
  return { slug, ...meta, body };
}

/** Every post's front matter, newest first (then by title, so two posts of a day keep their order). */
export async function loadPostList(): Promise<PostSummary[]> {
  const posts = await Promise.all(POST_SLUGS.map((slug) => loadPost(slug)));
  return posts
    .filter((p): p is Post => p !== null)
    .map(({ body: _body, ...summary }) => summary)
    .sort((a, b) => b.date.localeCompare(a.date) || a.title.localeCompare(b.title));
}
