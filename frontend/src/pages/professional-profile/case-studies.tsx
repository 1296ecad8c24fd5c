// The professional's case studies (issue 34, product rule 46): each a title, the kind of client,
// what was done in their words and its photos (lazy, with the alt text the provider wrote, each a
// link to the large size as the gallery's are). None written: nothing is shown.
import type { CaseStudy } from '../../../../core/case-studies';
import { mediaUrl, PHOTO_LARGE, PHOTO_SMALL } from '../../../../core/media';

export function CaseStudies({ caseStudies, companyName }: { caseStudies: readonly CaseStudy[]; companyName: string }) {
  if (caseStudies.length === 0) return null;
  return (
    <section aria-labelledby="profile-case-studies-heading" className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm">
      <h2 id="profile-case-studies-heading" className="text-xl font-semibold text-gray-900">
        Case studies from {companyName}
      </h2>
      <ul className="mt-4 space-y-6">
        {caseStudies.map((study) => (
          <li key={study.id}>
            <article aria-labelledby={`case-study-${study.id}`} className="border-t border-gray-200 pt-4 first:border-t-0 first:pt-0">
              <h3 id={`case-study-${study.id}`} className="text-lg font-semibold text-gray-900">
                {study.title}
              </h3>
              <p className="mt-1 text-sm text-gray-700">
                <span className="font-medium">Client:</span> {study.clientKind}
              </p>
              <p className="mt-2 leading-7 whitespace-pre-line text-gray-800">{study.summary}</p>
              {study.photos.length > 0 ? (
                <ul className="mt-3 grid grid-cols-2 gap-3 sm:grid-cols-3">
                  {study.photos.map((photo) => (
                    <li key={photo.key}>
                      <a
                        href={mediaUrl(photo.key, PHOTO_LARGE)}
                        className="block overflow-hidden rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
                      >
                        <img
                          src={mediaUrl(photo.key, PHOTO_SMALL)}
                          srcSet={`${mediaUrl(photo.key, PHOTO_SMALL)} ${PHOTO_SMALL}w, ${mediaUrl(photo.key, PHOTO_LARGE)} ${PHOTO_LARGE}w`}
                          sizes="(min-width: 640px) 240px, 45vw"
                          width={photo.width}
                          height={photo.height}
                          alt={photo.alt}
                          loading="lazy"
                          decoding="async"
                          className="aspect-[4/3] h-auto w-full bg-gray-100 object-cover"
                        />
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </article>
          </li>
        ))}
      </ul>
    </section>
  );
}
