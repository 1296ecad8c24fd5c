// The front end's shared class strings, so a button, link or field looks the same on every page and
// changes in one place. Tailwind finds class names by reading the source as text, so each name is
// written out whole here. Add only layout at the use site (`${primaryButtonClass} mt-4 w-full`),
// never a second value for something a constant sets (no px-5 on a button): which of two
// conflicting utilities wins depends on Tailwind's stylesheet order, not on the class attribute.

export const primaryButtonClass =
  'inline-flex items-center justify-center rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:cursor-not-allowed disabled:opacity-60';
export const secondaryButtonClass =
  'inline-flex items-center justify-center rounded-md border border-gray-400 px-4 py-2 text-sm font-medium text-gray-800 hover:bg-gray-100 disabled:cursor-not-allowed disabled:opacity-60';
export const dangerButtonClass =
  'inline-flex items-center justify-center rounded-md bg-red-700 px-4 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60';
/** A red-bordered button for a harmful action that asks for more first ('Reject' opens a form for the reason). */
export const dangerOutlineButtonClass =
  'inline-flex items-center justify-center rounded-md border border-red-700 bg-white px-4 py-2 text-sm font-semibold text-red-700 hover:bg-red-50 disabled:cursor-not-allowed disabled:opacity-60';
/** A blue-bordered button for a second way forward beside or below a form ('Join As A Professional'). */
export const outlineButtonClass =
  'inline-flex items-center justify-center rounded-md border border-blue-700 px-4 py-2 text-sm font-semibold text-blue-700 hover:bg-blue-50 disabled:cursor-not-allowed disabled:opacity-60';

/** The calls to action on a blue band (the directory's join banner, the home page's closing section). */
export const onBluePrimaryButtonClass = 'rounded-md bg-white px-5 py-2.5 text-sm font-semibold text-blue-800 hover:bg-blue-50';
export const onBlueSecondaryButtonClass = 'rounded-md border border-white px-5 py-2.5 text-sm font-semibold text-white hover:bg-blue-800';

// The bigger calls to action of content pages. They stay inline boxes (no inline-flex) because
// some sit in a paragraph of running text, where an inline-flex box would make the line taller.
export const largePrimaryButtonClass = 'rounded-md bg-blue-700 px-5 py-2.5 text-sm font-semibold text-white hover:bg-blue-800';
export const largeSecondaryButtonClass =
  'rounded-md border border-gray-400 px-5 py-2.5 text-sm font-semibold text-gray-900 hover:bg-gray-100';

export const linkClass = 'font-medium text-blue-700 underline underline-offset-2 hover:text-blue-900';
/** A small bordered button inside a list row or table (Open, Retry). */
export const smallButtonClass = 'rounded-md border border-gray-400 px-3 py-1 text-sm font-medium text-gray-800 hover:bg-gray-100';

export const inputClass =
  'block w-full rounded-md border border-gray-400 bg-white px-3 py-2 text-sm text-gray-900 placeholder:text-gray-600 focus:border-blue-600 aria-[invalid=true]:border-red-700';
/** The text of a label or legend; labelClass is the same above its field. */
export const labelTextClass = 'text-sm font-medium text-gray-800';
export const labelClass = `mb-1 block ${labelTextClass}`;

/** The site's content width and side gutters; the vertical padding is the page's own. */
export const pageWidthClass = 'mx-auto max-w-7xl px-4 sm:px-6 lg:px-8';
/** A page's h1, and the home page's section headings. */
export const displayHeadingClass = 'text-3xl font-bold tracking-tight text-gray-900';
/** The heading of a panel or a section inside a page. */
export const sectionHeadingClass = 'text-xl font-semibold text-gray-900';
/** A white bordered card holding a section of a page (My Profile, a professional's profile). */
export const panelClass = 'rounded-lg border border-gray-200 bg-white p-6 shadow-sm';
/** A small grey pill naming a service. */
export const tagClass = 'rounded-full bg-gray-100 px-3 py-1 text-xs font-medium text-gray-800';
