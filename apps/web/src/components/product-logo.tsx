import { useContext, useId } from 'react';
import { ConfigContext } from '../lib/config';

interface ProductLogoProps {
  size?: number;
  title?: string;
  /** The operator's logo; by default the configuration's (LOGO_FILE), else the built-in mark. */
  src?: string | null;
}

/**
 * The operator's logo (LOGO_FILE) at the mark's height, or the built-in product mark: a shield
 * with a check, drawn inline so the splash needs no extra request.
 */
export function ProductLogo({ size = 40, title, src }: ProductLogoProps) {
  // Unique per instance: the logo appears in sidebar and dialogs at the same time.
  const gradientId = useId();
  const configured = useContext(ConfigContext)?.logoUrl;
  const logoUrl = src === undefined ? configured : src;
  if (logoUrl)
    return (
      <img
        src={logoUrl}
        alt={title ?? ''}
        height={size}
        data-logo="operator"
        style={{ height: size, width: 'auto', maxWidth: size * 4, objectFit: 'contain', flexShrink: 0 }}
      />
    );
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 48 48"
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
      focusable="false"
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#137a72" />
          <stop offset="1" stopColor="#0d5673" />
        </linearGradient>
      </defs>
      <path d="M24 3 7 9.5v12.3c0 10.6 7.2 19.8 17 23.2 9.8-3.4 17-12.6 17-23.2V9.5L24 3Z" fill={`url(#${gradientId})`} />
      <path
        d="m16.5 24.5 5.2 5.2 10.8-11.2"
        fill="none"
        stroke="#fff"
        strokeWidth="3.6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
