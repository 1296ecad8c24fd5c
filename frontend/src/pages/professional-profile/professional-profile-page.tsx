// A professional's public profile (spec: Professional profile). The address is /professionals/{slug}
// (product rule 4); an all-digit parameter is an id, fetched by id and then replaced by the slug URL
// (keeping the query, so ?near= survives). ?near= (from a distance search) is passed to the API,
// which answers with distanceMiles. The server has already put this page's title, description and
// JSON-LD into index.html (api/src/spa); this keeps document.title in step on client navigation.
import { useEffect } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { isProfessionalId, professionalKey, useProfessional } from '../../api/use-professional';
import { profileHref } from '../../components/professional-card/format-professional';
import { pageTitle } from '../../components/use-document-title';
import { pageWidthClass } from '../../components/styles';
import { ContactProfessional } from './contact-professional';
import { ProfessionalNotFound } from './professional-not-found';
import { ProfileCards } from './profile-cards';
import { ProfilePhotos } from './profile-photos';
import { CaseStudies } from './case-studies';
import { ProfileHeader } from './profile-header';
import { ProfileSkeleton } from './profile-skeleton';
import { ReviewsSection } from './reviews-section';

export function ProfessionalProfilePage() {
  const { slug: param = '' } = useParams();
  const [searchParams] = useSearchParams();
  const { search, state } = useLocation();
  const near = searchParams.get('near')?.trim() || null;
  const { professional, error, isLoading } = useProfessional(param, near);
  const navigate = useNavigate();
  const { mutate } = useSWRConfig();

  useEffect(() => {
    if (!professional || !isProfessionalId(param)) return;
    // Seed the slug's cache entry so the replaced URL renders at once, without a second request.
    void mutate(professionalKey(professional.slug, near), professional, { revalidate: false });
    void navigate(`${profileHref(professional.slug)}${search}`, { replace: true, state });
  }, [professional, param, near, search, state, mutate, navigate]);

  const title = professional
    ? `${professional.companyName} – IT services in ${professional.region}`
    : professional === null
      ? 'Professional Not Found'
      : undefined;
  // Left alone while loading: the server already wrote this page's real title into index.html.
  useEffect(() => {
    if (title) document.title = pageTitle(title);
  }, [title]);

  if (professional === null) return <ProfessionalNotFound />;
  if (error !== undefined && !professional) {
    return (
      <div className={`${pageWidthClass} py-16`}>
        <h1 className="text-3xl font-bold text-gray-900">This profile could not be loaded</h1>
        <p role="alert" className="mt-4 text-gray-700">
          Something went wrong while loading this professional. Please reload the page or try again later.
        </p>
      </div>
    );
  }
  if (isLoading || !professional) return <ProfileSkeleton />;

  return (
    <div className="bg-gray-50">
      <ProfileHeader professional={professional} near={near} />
      <div className={`${pageWidthClass} py-10`}>
        <ProfileCards professional={professional} contact={<ContactProfessional professional={professional} />} />
        {professional.media?.photos.length ? (
          <div className="mt-6">
            <ProfilePhotos photos={professional.media.photos} companyName={professional.companyName} />
          </div>
        ) : null}
        {professional.caseStudies?.length ? (
          <div className="mt-6">
            <CaseStudies caseStudies={professional.caseStudies} companyName={professional.companyName} />
          </div>
        ) : null}
        <ReviewsSection professional={professional} professionalKey={professionalKey(param, near)} />
      </div>
    </div>
  );
}
