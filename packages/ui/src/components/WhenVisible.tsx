import { type ReactNode, useEffect, useRef, useState } from 'react';

/**
 * Renders `children` once the place they take comes within `margin` of the screen (then keeps them),
 * and `placeholder` until then: for a heavy part below the fold (charts and their library) that the
 * page's first paint and first interactions should not wait for (issue 37). Without
 * `IntersectionObserver` (an old browser, a test's DOM) the children render at once.
 * @param margin how far below (or above) the screen to start, as a CSS length (default `300px`)
 */
export function WhenVisible({
  children,
  placeholder,
  margin = '300px',
}: {
  children: ReactNode;
  placeholder: ReactNode;
  margin?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (seen || !element) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setSeen(true);
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [seen, margin]);
  return <div ref={ref}>{seen ? children : placeholder}</div>;
}
