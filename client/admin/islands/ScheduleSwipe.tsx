import { useEffect } from 'react';

/**
 * The schedule's swipe (an admin-only island that draws nothing): a quick sideways swipe on the
 * week or the day follows its own "Next" (swiped left) or "Previous" (swiped right) link. Without
 * JavaScript the links alone do it; a mostly vertical drag stays a scroll.
 */
const MIN_DX = 60;
const MAX_MS = 800;

export default function ScheduleSwipe() {
  useEffect(() => {
    const area = document.querySelector<HTMLElement>('.schedule');
    if (!area) return;
    let start: { x: number; y: number; at: number } | null = null;
    const onStart = (event: TouchEvent) => {
      const touch = event.touches[0];
      const inField = event.target instanceof Element && event.target.closest('input, textarea, select, summary');
      start = event.touches.length === 1 && touch && !inField ? { x: touch.clientX, y: touch.clientY, at: Date.now() } : null;
    };
    const onEnd = (event: TouchEvent) => {
      const touch = event.changedTouches[0];
      const from = start;
      start = null;
      if (!from || !touch || Date.now() - from.at > MAX_MS) return;
      const dx = touch.clientX - from.x;
      const dy = touch.clientY - from.y;
      if (Math.abs(dx) < MIN_DX || Math.abs(dx) < 2 * Math.abs(dy)) return;
      area.querySelector<HTMLAnchorElement>(`.schedule-steps a[rel=${dx < 0 ? 'next' : 'prev'}]`)?.click();
    };
    area.addEventListener('touchstart', onStart, { passive: true });
    area.addEventListener('touchend', onEnd, { passive: true });
    return () => {
      area.removeEventListener('touchstart', onStart);
      area.removeEventListener('touchend', onEnd);
    };
  }, []);
  return null;
}
