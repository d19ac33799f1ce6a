import { Box } from '@mui/material';
import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Renders `children` once the box comes within `margin` of the viewport, and keeps them from then
 * on; until then an empty box of the given height holds the place. For heavy content below the
 * fold (the dashboard's organisation chart: its code and layout cost more than the rest of the
 * dashboard), so a page that is opened and left never pays for it.
 */
export function WhenNearViewport({
  height,
  margin = '300px',
  children,
}: {
  height: string;
  margin?: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (near || !el) return;
    // Without the API (old browsers, some test environments) there is nothing to wait for.
    if (typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && setNear(true), {
      rootMargin: margin,
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, [near, margin]);
  return near ? children : <Box ref={ref} sx={{ height }} />;
}
