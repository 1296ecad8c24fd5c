// /profile for providers: the listing's logo and up to six photos of work (product rule 34). Files
// go to the API as they are; it checks, resizes and converts them. Each image carries the alt text
// the provider writes, read out on the public profile.
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { LOGO_LARGE, MAX_ALT_LENGTH, MAX_PHOTOS, MAX_UPLOAD_BYTES, MEDIA_TEXTS, mediaUrl, PHOTO_SMALL, type MediaImage, type ProfessionalMedia } from '../../../../core/media';
import { errorMessageFor } from '../../api/client';
import { MY_PROFILE_KEY } from '../../api/use-my-profile';
import { addPhoto, deleteLogo, deletePhoto, setLogoAlt, setPhotoAlt, uploadLogo, useListingMedia } from '../../api/use-listing-media';
import { inputClass, labelClass, panelClass, secondaryButtonClass, sectionHeadingClass, smallButtonClass } from '../../components/styles';
import { useSWRConfig } from 'swr';

const ACCEPT = 'image/jpeg,image/png,image/webp';

type Status = { kind: 'ok' | 'error'; text: string } | null;

function AltForm({ image, label, onSave }: { image: MediaImage; label: string; onSave: (alt: string) => Promise<void> }) {
  const id = useId();
  const [alt, setAlt] = useState(image.alt);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onSave(alt);
    } finally {
      setBusy(false);
    }
  };
  return (
    <form onSubmit={(e) => void submit(e)} className="mt-2 flex flex-col gap-2">
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <input id={id} value={alt} maxLength={MAX_ALT_LENGTH} onChange={(e) => setAlt(e.target.value)} className={inputClass} />
      <button type="submit" disabled={busy || alt.trim() === image.alt} className={`${smallButtonClass} self-start disabled:opacity-60`}>
        Save description
      </button>
    </form>
  );
}

function FilePicker({ label, disabled, onFile }: { label: string; disabled?: boolean; onFile: (file: File) => void }) {
  const id = useId();
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onFile(file);
  };
  return (
    <div>
      <label htmlFor={id} className={`${secondaryButtonClass} inline-block cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-blue-700 ${disabled ? 'cursor-not-allowed opacity-60' : ''}`}>
        {label}
        <input id={id} type="file" accept={ACCEPT} disabled={disabled} onChange={onChange} className="sr-only" />
      </label>
    </div>
  );
}

export function MediaSection() {
  const { media, error, isLoading, mutate } = useListingMedia();
  const { mutate: mutateKey } = useSWRConfig();
  const [status, setStatus] = useState<Status>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<ProfessionalMedia | null>, done: string) => {
    setBusy(true);
    setStatus(null);
    try {
      const next = await action();
      await mutate(next ?? undefined, { revalidate: false });
      void mutateKey(MY_PROFILE_KEY);
      setStatus({ kind: 'ok', text: done });
    } catch (err) {
      setStatus({ kind: 'error', text: errorMessageFor(err, 'Something went wrong. Please try again.') });
    } finally {
      setBusy(false);
    }
  };
  const upload = (file: File, send: (file: File) => Promise<ProfessionalMedia>, done: string) => {
    // The API checks too; this only saves sending a file that is certainly too big.
    if (file.size > MAX_UPLOAD_BYTES) {
      setStatus({ kind: 'error', text: MEDIA_TEXTS.tooLarge });
      return;
    }
    void run(() => send(file), done);
  };

  let body;
  if (isLoading) {
    body = <p role="status" className="mt-4 text-sm text-gray-700">Loading your logo and photos…</p>;
  } else if (error || !media) {
    body = (
      <div className="mt-4">
        <p role="alert" className="text-sm text-red-700">{errorMessageFor(error, 'Failed to load your logo and photos. Please try again.')}</p>
        <button type="button" onClick={() => void mutate()} className={`${secondaryButtonClass} mt-3`}>
          Try again
        </button>
      </div>
    );
  } else {
    const full = media.photos.length >= MAX_PHOTOS;
    body = (
      <>
        <div className="mt-6">
          <h3 className="text-lg font-semibold text-gray-900">Logo</h3>
          <div className="mt-3 flex flex-col gap-4 sm:flex-row sm:items-start">
            {media.logo ? (
              <img src={mediaUrl(media.logo.key, LOGO_LARGE)} width={96} height={96} alt={media.logo.alt} className="h-24 w-24 shrink-0 rounded-full border border-gray-200 bg-white object-contain" />
            ) : (
              <p className="text-sm text-gray-700">No logo yet: your initials are shown instead.</p>
            )}
            <div className="flex-1">
              <div className="flex flex-wrap gap-3">
                <FilePicker label={media.logo ? 'Replace logo' : 'Upload logo'} disabled={busy} onFile={(f) => upload(f, (file) => uploadLogo(file), 'Logo saved.')} />
                {media.logo ? (
                  <button type="button" disabled={busy} onClick={() => void run(deleteLogo, 'Logo removed.')} className={secondaryButtonClass}>
                    Remove logo
                  </button>
                ) : null}
              </div>
              {media.logo ? (
                <AltForm key={media.logo.key} image={media.logo} label="Logo description (alt text)" onSave={(alt) => run(() => setLogoAlt(alt), 'Description saved.')} />
              ) : null}
            </div>
          </div>
        </div>

        <div className="mt-8">
          <h3 className="text-lg font-semibold text-gray-900">
            Photos of your work ({media.photos.length} of {MAX_PHOTOS})
          </h3>
          {media.photos.length === 0 ? <p className="mt-2 text-sm text-gray-700">No photos yet.</p> : null}
          <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {media.photos.map((photo, index) => (
              <li key={photo.key} className="rounded-md border border-gray-200 p-3">
                <img src={mediaUrl(photo.key, PHOTO_SMALL)} width={photo.width} height={photo.height} alt={photo.alt} className="aspect-[4/3] h-auto w-full rounded bg-gray-100 object-cover" />
                <AltForm image={photo} label={`Photo ${index + 1} description (alt text)`} onSave={(alt) => run(() => setPhotoAlt(photo.key, alt), 'Description saved.')} />
                <button type="button" disabled={busy} onClick={() => void run(() => deletePhoto(photo.key), 'Photo deleted.')} className={`${smallButtonClass} mt-2`}>
                  Delete photo {index + 1}
                </button>
              </li>
            ))}
          </ul>
          <div className="mt-4">
            {full ? (
              <p className="text-sm text-gray-700">{MEDIA_TEXTS.tooManyPhotos}</p>
            ) : (
              <FilePicker label="Add a photo" disabled={busy} onFile={(f) => upload(f, (file) => addPhoto(file), 'Photo added.')} />
            )}
          </div>
        </div>
      </>
    );
  }

  return (
    <section aria-labelledby="media-heading" className={`${panelClass} mt-8`}>
      <h2 id="media-heading" className={sectionHeadingClass}>
        Logo and photos
      </h2>
      <p className="mt-2 text-sm text-gray-700">
        JPEG, PNG or WebP, up to {MAX_UPLOAD_BYTES / 1024 / 1024} MB each. We resize them and remove hidden data such as the place a photo was taken.
      </p>
      <div aria-live="polite" className="mt-3 min-h-5 text-sm">
        {busy ? <p className="text-gray-700">Saving…</p> : null}
        {status ? <p className={status.kind === 'ok' ? 'text-green-800' : 'text-red-700'} role={status.kind === 'error' ? 'alert' : undefined}>{status.text}</p> : null}
      </div>
      {body}
    </section>
  );
}
