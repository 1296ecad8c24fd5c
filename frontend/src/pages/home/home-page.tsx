// The home page (spec: Home): hero search, service categories with live counts, the top rated
// professionals, the live statistics band (product rule 6), pricing and the closing call to action.
// All figures come from GET /api/home in one call; each data section has its own loading
// placeholder (sized like the content, so nothing jumps: CLS budget) and error text.
import { useHome } from '../../api/use-home';
import { useDocumentTitle } from '../../components/use-document-title';
import { CategorySection } from './category-section';
import { ClosingCallToAction } from './closing-call-to-action';
import { HeroSection } from './hero-section';
import { PricingSection } from './pricing-section';
import { StatsBand } from './stats-band';
import { TopRatedSection } from './top-rated-section';

export function HomePage() {
  useDocumentTitle();
  const { home, error, isLoading } = useHome();
  const hasFailed = error !== undefined && !home;
  return (
    <>
      <HeroSection />
      <CategorySection categories={home?.categories} isLoading={isLoading} hasFailed={hasFailed} />
      <TopRatedSection
        professionals={home?.topRated}
        totalProfessionals={home?.totalProfessionals}
        isLoading={isLoading}
        hasFailed={hasFailed}
      />
      <StatsBand stats={home?.stats} isLoading={isLoading} hasFailed={hasFailed} />
      <PricingSection />
      <ClosingCallToAction />
    </>
  );
}
