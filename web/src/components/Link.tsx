import type { ComponentProps } from 'react';
import { BASE, navigate } from '../router';

/** An ordinary link (middle-click, copy address and keyboard all work) that routes in-page. */
export function Link({ to, onClick, ...rest }: Omit<ComponentProps<'a'>, 'href'> & { to: string }) {
  return (
    <a
      href={BASE + to}
      onClick={(e) => {
        onClick?.(e);
        if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
        e.preventDefault();
        navigate(to);
      }}
      {...rest}
    />
  );
}
