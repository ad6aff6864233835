import { useQuery } from '@tanstack/react-query';
import { formatDate } from '../../components/common/format.ts';
import { loadPost, loadPostList } from './posts.ts';

// The posts ship with the app (posts/*.md): loading one fetches its chunk, never the API, and it cannot change
// while the page is open.
const forever = { staleTime: Number.POSITIVE_INFINITY, gcTime: Number.POSITIVE_INFINITY } as const;

export const usePostList = () => useQuery({ queryKey: ['blog', 'list'], queryFn: loadPostList, ...forever });

export const usePost = (slug: string) =>
  useQuery({ queryKey: ['blog', 'post', slug], queryFn: () => loadPost(slug), ...forever });

/** '2026-11-26' → '26 Nov 2026': a post's day as written, in no time zone. */
export const formatPostDate = (day: string): string => formatDate(`${day}T00:00:00Z`, 'UTC');
