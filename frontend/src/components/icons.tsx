// Inline SVG icons. All are decorative (aria-hidden): the control that holds one carries the
// accessible name.
import type { SVGProps } from 'react';
import type { SocialPlatform } from './social-links';

type IconProps = SVGProps<SVGSVGElement>;

function Svg({ children, ...props }: IconProps) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 24 24" width="20" height="20" {...props}>
      {children}
    </svg>
  );
}

const stroke = { fill: 'none', stroke: 'currentColor', strokeWidth: 2, strokeLinecap: 'round', strokeLinejoin: 'round' } as const;

export function SearchIcon(props: IconProps) {
  return (
    <Svg {...stroke} {...props}>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </Svg>
  );
}

export function UserIcon(props: IconProps) {
  return (
    <Svg {...stroke} {...props}>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
    </Svg>
  );
}

export function MenuIcon(props: IconProps) {
  return (
    <Svg {...stroke} {...props}>
      <path d="M4 6h16M4 12h16M4 18h16" />
    </Svg>
  );
}

export function CloseIcon(props: IconProps) {
  return (
    <Svg {...stroke} {...props}>
      <path d="M6 6l12 12M18 6 6 18" />
    </Svg>
  );
}

export function ChevronDownIcon(props: IconProps) {
  return (
    <Svg {...stroke} {...props}>
      <path d="m6 9 6 6 6-6" />
    </Svg>
  );
}

export function LogoMark(props: IconProps) {
  return (
    <svg aria-hidden="true" focusable="false" viewBox="0 0 32 32" width="32" height="32" {...props}>
      <rect width="32" height="32" rx="7" fill="#1d4ed8" />
      <path d="M9 9h4v14H9zM15 9h9v4h-2.5v10h-4V13H15z" fill="#fff" />
    </svg>
  );
}

export function SocialIcon({ platform, ...props }: IconProps & { platform: SocialPlatform }) {
  switch (platform) {
    case 'facebook':
      return (
        <Svg fill="currentColor" {...props}>
          <path d="M13.5 21v-7.5h2.5l.4-3h-2.9V8.6c0-.9.3-1.5 1.5-1.5h1.5V4.4c-.3 0-1.2-.1-2.2-.1-2.2 0-3.8 1.4-3.8 3.9v2.3H8v3h2.5V21h3Z" />
        </Svg>
      );
    case 'twitter':
      return (
        <Svg fill="currentColor" {...props}>
          <path d="M17.8 3h3.1l-6.8 7.8 8 10.2h-6.3l-4.9-6.4L5.3 21H2.2l7.3-8.3L1.8 3h6.4l4.4 5.8L17.8 3Zm-1.1 16.2h1.7L7.4 4.7H5.6l11.1 14.5Z" />
        </Svg>
      );
    case 'linkedin':
      return (
        <Svg fill="currentColor" {...props}>
          <path d="M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9.75h4V21H3V9.75Zm6.5 0h3.8v1.6h.06c.53-1 1.83-2.05 3.77-2.05 4.03 0 4.77 2.65 4.77 6.1V21h-4v-4.95c0-1.18-.02-2.7-1.65-2.7-1.65 0-1.9 1.29-1.9 2.61V21h-4V9.75Z" />
        </Svg>
      );
    case 'instagram':
      return (
        <Svg {...stroke} {...props}>
          <rect x="3" y="3" width="18" height="18" rx="5" />
          <circle cx="12" cy="12" r="4" />
          <circle cx="17.5" cy="6.5" r="0.5" fill="currentColor" />
        </Svg>
      );
  }
}
