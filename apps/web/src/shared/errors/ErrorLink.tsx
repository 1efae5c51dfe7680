import { isExternalUrl, isSafeHref, toExternalHref } from '@tessera/core';
import { Typography } from 'antd';

/** A link that came with an error (errors[0].extra.link); links that could run code are not rendered. */
export function ErrorLink({
  href,
  children = 'Learn more',
}: {
  href: string | undefined;
  children?: string;
}) {
  if (href === undefined || href.trim() === '' || !isSafeHref(href)) return null;
  const external = isExternalUrl(href);
  return (
    <Typography.Link
      data-test="error-link"
      href={toExternalHref(href)}
      {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
    >
      {children}
    </Typography.Link>
  );
}
