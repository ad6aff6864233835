import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { fakeApi } from '../../test/fakeApi.ts';
import { renderRoutes } from '../../test/render.tsx';
import { formatPostDate } from './api.ts';
import { BlogListPage } from './BlogListPage.tsx';
import { BlogPostPage } from './BlogPostPage.tsx';
import { parsePost } from './frontMatter.ts';
import { renderMarkdown } from './markdown.ts';
import { loadPostList, POST_SLUGS } from './posts.ts';

const blog: RouteObject[] = [
  { path: '/blog', Component: BlogListPage },
  { path: '/blog/:slug', Component: BlogPostPage },
  { path: '/registry', element: <h1>Credit registry</h1> },
];

describe('the blog', () => {
  it('lists every post newest first, with its date, author and summary', async () => {
    fakeApi();
    renderRoutes(blog, '/blog');
    const list = await screen.findByRole('list', { name: 'Posts' });
    const posts = within(list).getAllByRole('article');
    expect(posts.map((p) => within(p).getByRole('heading', { level: 2 }).textContent)).toEqual([
      'What PlasTrace does today',
      'RA 11898, the EPR Act of 2022, explained',
    ]);
    expect(posts[0]).toHaveTextContent(`${formatPostDate('2026-11-26')} · The PlasTrace team`);
    expect(posts[1]).toHaveTextContent(formatPostDate('2026-11-19'));
    expect(posts[1]).toHaveTextContent(/^.*with the source of every figure\.$/);
    expect(within(posts[1] as HTMLElement).getByRole('link')).toHaveAttribute(
      'href',
      '/blog/ra-11898-explained',
    );
    expect(document.title).toBe('Blog · PlasTrace');
  });

  it('shows a post with its title, date, author, headings and a way back', async () => {
    fakeApi();
    renderRoutes(blog, '/blog/ra-11898-explained');
    const article = await screen.findByRole('article', { name: 'RA 11898, the EPR Act of 2022, explained' });
    expect(article).toHaveTextContent(`${formatPostDate('2026-11-19')} · The PlasTrace team`);
    const headings = within(article)
      .getAllByRole('heading', { level: 2 })
      .map((h) => h.textContent);
    expect(headings).toContain('How much, and by when');
    expect(headings.at(-1)).toBe('Sources');
    const targets = within(article).getByRole('table');
    expect(within(targets).getByRole('row', { name: '2028 onward 80%' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All posts' })).toHaveAttribute('href', '/blog');
    expect(document.title).toBe('RA 11898, the EPR Act of 2022, explained · PlasTrace');
  });

  it('opens other sites in a new tab, safely, and its own pages within the app', async () => {
    fakeApi();
    const user = userEvent.setup();
    const { router } = renderRoutes(blog, '/blog/plastrace-today');
    const rfc = await screen.findByRole('link', { name: 'RFC 9162' });
    expect(rfc).toHaveAttribute('href', 'https://www.rfc-editor.org/rfc/rfc9162');
    expect(rfc).toHaveAttribute('target', '_blank');
    expect(rfc).toHaveAttribute('rel', 'noopener noreferrer');
    const registry = screen.getByRole('link', { name: 'credit registry' });
    expect(registry).not.toHaveAttribute('target');
    await user.click(registry);
    expect(await screen.findByRole('heading', { name: 'Credit registry' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/registry');
  });

  it('says when no post has the address, and links to the list', async () => {
    fakeApi();
    renderRoutes(blog, '/blog/no-such-post');
    expect(await screen.findByRole('heading', { level: 1, name: 'Post not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See every post' })).toHaveAttribute('href', '/blog');
    expect(document.title).toBe('Post not found · PlasTrace');
  });
});

describe('posts as written', () => {
  it('every post has its front matter (a mistake fails here, not on a reader’s page)', async () => {
    expect(POST_SLUGS.length).toBeGreaterThanOrEqual(2);
    const posts = await loadPostList();
    expect(posts.map((p) => p.slug).sort()).toEqual([...POST_SLUGS].sort());
  });

  it('refuses a post without a field or with a bad date', () => {
    expect(() => parsePost('x', 'no front matter')).toThrow('Post x: no front matter');
    expect(() => parsePost('x', '---\ntitle: T\ndate: 2026-11-26\nsummary: S\n---\nBody')).toThrow(
      'Post x: author is missing',
    );
    expect(() => parsePost('x', '---\ntitle: T\ndate: 26/11/2026\nsummary: S\nauthor: A\n---\nBody')).toThrow(
      'date must be YYYY-MM-DD',
    );
    expect(parsePost('x', '---\ntitle: A: B\ndate: 2026-11-26\nsummary: S\nauthor: A\n---\n\nBody')).toEqual({
      meta: { title: 'A: B', date: '2026-11-26', summary: 'S', author: 'A' },
      body: '\nBody',
    });
  });
});

describe('Markdown', () => {
  it('shows HTML written in a post as text, never as markup', () => {
    const html = renderMarkdown(
      '<script>alert(1)</script>\n\nA <b onclick="x()">bold</b> claim <img src=x onerror=alert(1)>',
    );
    expect(html).not.toMatch(/<script|<b |<img/);
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('&lt;b onclick=&quot;x()&quot;&gt;bold&lt;/b&gt;');
    const host = document.createElement('div');
    host.innerHTML = html;
    expect(host.querySelector('script, b, img')).toBeNull();
    expect(host.textContent).toContain('<b onclick="x()">bold</b>');
  });

  it('keeps links to scripts and data as plain text, and images as their description', () => {
    const html = renderMarkdown('[click](javascript:alert(1)) [data](data:text/html,x) ![a chart](/c.png)');
    expect(html).not.toContain('<a');
    expect(html).not.toContain('<img');
    expect(html).toContain('click');
    expect(html).toContain('a chart');
  });
});
