import { ANCHOR_SCROLL_OFFSET_PX } from '@plastrace/shared';

/** Smooth-scrolls to a section, leaving 80 px for the fixed header (spec §2, §9). */
export function scrollToSection(id: string): void {
  const target = document.getElementById(id);
  if (!target) return;
  const top = target.getBoundingClientRect().top + window.scrollY - ANCHOR_SCROLL_OFFSET_PX;
  window.scrollTo({ top, behavior: 'smooth' });
}

export const LANDING_SECTIONS = [
  { id: 'about', label: 'About' },
  { id: 'solutions', label: 'Solutions' },
  { id: 'beta', label: 'Beta Access' },
] as const;
