// Photos of the professional's work (product rule 34), with the alt text the provider wrote; none
// uploaded: nothing is shown.
import { mediaUrl, PHOTO_LARGE, PHOTO_SMALL, type MediaImage } from '../../../../core/media';

export function ProfilePhotos({ photos, companyName }: { photos: MediaImage[]; companyName: string }) {
  if (photos.length === 0) return null;
  return (
    <section aria-labelledby="profile-photos-heading" className="rounded-lg border border-gray-200 bg-white p-6 shadow-sm">
      <h2 id="profile-photos-heading" className="text-xl font-semibold text-gray-900">
        Photos of {companyName}&rsquo;s work
      </h2>
      <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
        {photos.map((photo) => (
          <li key={photo.key}>
            <a href={mediaUrl(photo.key, PHOTO_LARGE)} className="block overflow-hidden rounded-md focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700">
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
    </section>
  );
}
