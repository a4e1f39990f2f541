import type { ReactNode } from 'react';
import { Link } from '@fluentui/react-components';
import { useHref, useLinkClickHandler, type To } from 'react-router';

/** A Fluent link that navigates inside the app instead of reloading the page. */
export function RouterLink({ to, children }: { to: To; children: ReactNode }) {
  const href = useHref(to);
  const handleClick = useLinkClickHandler<HTMLAnchorElement>(to);
  return (
    <Link href={href} onClick={handleClick}>
      {children}
    </Link>
  );
}
