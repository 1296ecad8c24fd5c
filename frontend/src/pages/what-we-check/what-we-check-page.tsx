// /what-we-check (issue 34, product rule 45, decision 0041): what each badge on cards and profiles
// means and what it does not, one section per badge whose id is the badge's anchor (the general
// 'Verified Professional' badge at #listed, each check at #<kind>), and how a check lapses. Every
// text comes from core/credentials.ts, so the page, the badges and the forms say the same thing.
// Text only: prerendered at build time (frontend/src/prerender.tsx).
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { LISTED_BADGE_ANCHOR } from '../../../../core/credential-badges';
import { VERIFIED_PROFESSIONAL_EXPLANATION } from '../../../../core/rating';
import { CREDENTIAL_KIND_SPECS, CREDENTIAL_KINDS, EXPIRY_REMINDER_DAYS, LISTED_BADGE, type CredentialKindSpec } from '../../../../core/credentials';
import { StaticPage } from '../../components/static-page';

const [FIRST_REMINDER, SECOND_REMINDER] = EXPIRY_REMINDER_DAYS;

function expiryText(spec: CredentialKindSpec): string {
  switch (spec.expiry) {
    case 'none':
      return 'It has no expiry date.';
    case 'optional':
      return 'If the certification expires, the badge goes on its expiry day.';
    case 'required':
      return 'The badge goes on the expiry day shown, unless a renewal has been checked.';
  }
}

/** Scrolls to the section the address names ('#cyber_essentials'): a link within the site changes the address without the browser's own jump. */
function useScrollToHash(): void {
  const { hash } = useLocation();
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView({ block: 'start' });
  }, [hash]);
}

export function WhatWeCheckPage() {
  useScrollToHash();
  return (
    <StaticPage
      title="What we check"
      heading="What we check"
      lead={
        <p>
          Each badge on a professional’s card and profile stands for something our team checked, on the date shown beside it. This page says
          exactly what each badge means, and what it does not.
        </p>
      }
    >
      <section id={LISTED_BADGE_ANCHOR} aria-labelledby={`${LISTED_BADGE_ANCHOR}-heading`} className="scroll-mt-24">
        <h2 id={`${LISTED_BADGE_ANCHOR}-heading`}>{LISTED_BADGE.label}</h2>
        <h3>What it means</h3>
        <p>Every professional listed on ITConnect:</p>
        <ul>
          {VERIFIED_PROFESSIONAL_EXPLANATION.map((point) => (
            <li key={point}>{point}</li>
          ))}
        </ul>
        <h3>What it does not mean</h3>
        <p>{LISTED_BADGE.doesNotMean}</p>
      </section>

      {CREDENTIAL_KINDS.map((kind) => {
        const spec = CREDENTIAL_KIND_SPECS[kind];
        const headingId = `${kind}-heading`;
        return (
          <section key={kind} id={kind} aria-labelledby={headingId} className="scroll-mt-24">
            <h2 id={headingId}>
              {kind === 'vendor_certification' ? `${spec.name} (for example, ‘Microsoft certified’)` : spec.badge}
            </h2>
            {spec.name !== spec.badge && kind !== 'vendor_certification' ? <p>The badge for {spec.name}.</p> : null}
            <h3>What we check</h3>
            <p>{spec.weCheck}</p>
            <h3>What it does not mean</h3>
            <p>{spec.itDoesNotMean}</p>
            <h3>When it lapses</h3>
            <p>{expiryText(spec)}</p>
          </section>
        );
      })}

      <section id="expiry" aria-labelledby="expiry-heading" className="scroll-mt-24">
        <h2 id="expiry-heading">How expiry works</h2>
        <ul>
          <li>Each badge shows the date we checked it, and on the profile the date it is valid until, where it has one.</li>
          <li>
            We e-mail the professional {FIRST_REMINDER} days and again {SECOND_REMINDER} days before a check expires, so they can send us the
            renewal.
          </li>
          <li>On the expiry day the badge goes from the card, the profile and the directory’s filters, until a renewal has been checked.</li>
          <li>A professional can withdraw a check at any time, and its badge goes at once.</li>
        </ul>
      </section>
    </StaticPage>
  );
}
