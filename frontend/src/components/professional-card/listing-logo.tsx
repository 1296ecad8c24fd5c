// A listing's face (product rule 34): its logo when the provider uploaded one, else the initials of
// its company name. On a card the company name is the heading beside it, so the picture is
// decorative there (alt=""); the profile shows it with the alt text the provider wrote.
import { LOGO_LARGE, LOGO_SMALL, mediaUrl, type MediaImage } from '../../../../core/media';
import { initialsOf } from './format-professional';

export interface ListingLogoProps {
  companyName: string;
  logo: MediaImage | null | undefined;
  /** Side in CSS pixels: 48 on cards, 80 on the profile. */
  size: 48 | 80;
  /** true: the provider's alt text is read out (the profile); false: decorative (cards). */
  described?: boolean;
}

export function ListingLogo({ companyName, logo, size, described = false }: ListingLogoProps) {
  const box = size === 48 ? 'h-12 w-12 text-lg' : 'h-20 w-20 text-2xl';
  if (logo) {
    return (
      <img
        src={mediaUrl(logo.key, LOGO_SMALL)}
        srcSet={`${mediaUrl(logo.key, LOGO_SMALL)} ${LOGO_SMALL}w, ${mediaUrl(logo.key, LOGO_LARGE)} ${LOGO_LARGE}w`}
        sizes={`${size}px`}
        width={size}
        height={size}
        alt={described ? logo.alt : ''}
        loading="lazy"
        decoding="async"
        data-testid="listing-logo"
        className={`${box} shrink-0 rounded-full border border-gray-200 bg-white object-contain`}
      />
    );
  }
  return (
    <div aria-hidden="true" className={`flex ${box} shrink-0 items-center justify-center rounded-full bg-blue-100 font-semibold text-blue-800`}>
      {initialsOf(companyName)}
    </div>
  );
}
