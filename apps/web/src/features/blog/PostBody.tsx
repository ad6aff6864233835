import { Typography } from '@mantine/core';
import { type MouseEvent, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { renderMarkdown } from './markdown.ts';

/**
 * A post's Markdown as HTML (markdown.ts shows any HTML in it as text). Links to the app's own pages move
 * within the app instead of loading it again.
 */
export function PostBody({ markdown }: { markdown: string }) {
  const html = useMemo(() => renderMarkdown(markdown), [markdown]);
  const navigate = useNavigate();
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    const a = (e.target as HTMLElement).closest('a');
    const href = a?.getAttribute('href');
    if (!href?.startsWith('/') || href.startsWith('//') || a?.target) return;
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    navigate(href);
  };
  return (
    <Typography>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: links keep their own keyboard use; the click only routes them */}
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own posts, with raw HTML escaped by markdown.ts */}
      <div onClick={onClick} dangerouslySetInnerHTML={{ __html: html }} />
    </Typography>
  );
}
