import type { ReactNode } from 'react';
import { Link } from '@fluentui/react-components';
import { useHref, useLinkClickHandler, type To } from 'react-router';

/**
 * A Fluent link that navigates inside the app instead of reloading the page; `inline` inside a
 * sentence (underlined, the line's height), on its own otherwise (a 24 px target, theme.ts).
 */
export function RouterLink({ to, inline, children }: { to: To; inline?: boolean; children: ReactNode }) {
  const href = useHref(to);
  const handleClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Link href={href} onClick={handleClick} inline={inline}>
      {children}
    </Link>
  );
}
