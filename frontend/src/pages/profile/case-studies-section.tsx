// /profile for providers: up to MAX_CASE_STUDIES case studies (issue 34, product rule 46), each a
// title, the kind of client, what was done and up to MAX_CASE_STUDY_PHOTOS photos with alt text.
// Texts, order and photo descriptions are saved together ('Save case studies'); a photo is added
// to or deleted from a saved case study at once, through the listing's media pipeline (the API
// checks, resizes and converts it). Every control is a labelled native control, so the section is
// keyboard usable as it stands; the results are announced in a polite live region.
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { MAX_CASE_STUDIES, MAX_CASE_STUDY_CLIENT, MAX_CASE_STUDY_PHOTOS, MAX_CASE_STUDY_SUMMARY, MAX_CASE_STUDY_TITLE, type CaseStudy } from '../../../../core/case-studies';
import { MAX_ALT_LENGTH, MAX_UPLOAD_BYTES, MEDIA_TEXTS, mediaUrl, PHOTO_SMALL, type MediaImage } from '../../../../core/media';
import { ApiRequestError, errorMessageFor } from '../../api/client';
import { addCaseStudyPhoto, deleteCaseStudyPhoto, saveCaseStudies, useCaseStudies } from '../../api/use-case-studies';
import { TextAreaField, TextField } from '../../components/forms/form-fields';
import { inputClass, labelClass, panelClass, primaryButtonClass, secondaryButtonClass, sectionHeadingClass, smallButtonClass } from '../../components/styles';

const ACCEPT = 'image/jpeg,image/png,image/webp';

interface Draft {
  /** Absent until saved. */
  id?: string;
  /** The list's own key (stable while editing). */
  key: string;
  title: string;
  clientKind: string;
  summary: string;
  photos: MediaImage[];
}

type Status = { kind: 'ok' | 'error'; text: string } | null;

let nextKey = 0;
const draftOf = (study: CaseStudy): Draft => ({ ...study, key: study.id, photos: [...study.photos] });
const blank = (): Draft => ({ key: `new-${(nextKey += 1)}`, title: '', clientKind: '', summary: '', photos: [] });

/** The API's per-field messages ('caseStudies.2.title') by case study and field. */
function fieldErrors(error: unknown): Record<string, string> {
  if (!(error instanceof ApiRequestError)) return {};
  return error.body?.error.fields ?? {};
}

export function CaseStudiesSection() {
  const { caseStudies, error, mutate } = useCaseStudies();
  // From the answer at once when it is already known (no loading flash), else when it arrives.
  const [drafts, setDrafts] = useState<Draft[] | null>(() => caseStudies?.map(draftOf) ?? null);
  const [status, setStatus] = useState<Status>(null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (caseStudies && drafts === null) setDrafts(caseStudies.map(draftOf));
  }, [caseStudies, drafts]);

  const update = (key: string, change: Partial<Draft>) => setDrafts((current) => current && current.map((d) => (d.key === key ? { ...d, ...change } : d)));
  const move = (at: number, by: -1 | 1) =>
    setDrafts((current) => {
      if (!current || at + by < 0 || at + by >= current.length) return current;
      const next = [...current];
      [next[at], next[at + by]] = [next[at + by]!, next[at]!];
      return next;
    });

  /** Photos changed on the server: take the saved case study's photos, keep the unsaved texts. */
  const takePhotos = (saved: CaseStudy[] | null) => {
    if (!saved) return;
    void mutate(saved, { revalidate: false });
    setDrafts((current) => current && current.map((d) => (d.id ? { ...d, photos: saved.find((s) => s.id === d.id)?.photos ?? d.photos } : d)));
  };

  const run = async (action: () => Promise<void>, done: string) => {
    setBusy(true);
    setStatus(null);
    try {
      await action();
      setStatus({ kind: 'ok', text: done });
    } catch (err) {
      setErrors(fieldErrors(err));
      setStatus({ kind: 'error', text: errorMessageFor(err, 'Something went wrong. Please try again.') });
    } finally {
      setBusy(false);
    }
  };

  const save = () =>
    run(async () => {
      setErrors({});
      const saved = await saveCaseStudies({
        caseStudies: (drafts ?? []).map(({ id, title, clientKind, summary, photos }) => ({ ...(id ? { id } : {}), title, clientKind, summary, photos: photos.map(({ key, alt }) => ({ key, alt })) })),
      });
      if (saved) {
        void mutate(saved, { revalidate: false });
        setDrafts(saved.map(draftOf));
      }
    }, 'Case studies saved.');

  const upload = (draft: Draft, file: File) => {
    if (file.size > MAX_UPLOAD_BYTES) {
      setStatus({ kind: 'error', text: MEDIA_TEXTS.tooLarge });
      return;
    }
    void run(async () => takePhotos(await addCaseStudyPhoto(draft.id!, file)), 'Photo added.');
  };

  let body;
  if (!drafts && !error) {
    body = <p role="status" className="mt-4 text-sm text-gray-700">Loading your case studies…</p>;
  } else if (!drafts) {
    body = (
      <div className="mt-4">
        <p role="alert" className="text-sm text-red-700">{errorMessageFor(error, 'Failed to load your case studies. Please try again.')}</p>
        <button type="button" onClick={() => void mutate()} className={`${secondaryButtonClass} mt-3`}>
          Try again
        </button>
      </div>
    );
  } else {
    body = (
      <>
        {drafts.length === 0 ? <p className="mt-4 text-sm text-gray-700">No case studies yet.</p> : null}
        <ol className="mt-4 space-y-6">
          {drafts.map((draft, at) => (
            <li key={draft.key}>
              <fieldset className="rounded-md border border-gray-200 p-4">
                <legend className="px-1 text-base font-semibold text-gray-900">
                  Case study {at + 1}
                  {draft.title.trim() ? `: ${draft.title.trim()}` : ''}
                </legend>
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextField label="Title" value={draft.title} maxLength={MAX_CASE_STUDY_TITLE} onValueChange={(title) => update(draft.key, { title })} error={errors[`caseStudies.${at}.title`]} />
                  <TextField
                    label="Kind of client"
                    hint="For example 'A 40-person accountancy firm'. Name the client only if they agree."
                    value={draft.clientKind}
                    maxLength={MAX_CASE_STUDY_CLIENT}
                    onValueChange={(clientKind) => update(draft.key, { clientKind })}
                    error={errors[`caseStudies.${at}.clientKind`]}
                  />
                </div>
                <div className="mt-4">
                  <TextAreaField label="What was done" rows={4} value={draft.summary} maxLength={MAX_CASE_STUDY_SUMMARY} onValueChange={(summary) => update(draft.key, { summary })} error={errors[`caseStudies.${at}.summary`]} />
                </div>
                <CaseStudyPhotos
                  draft={draft}
                  busy={busy}
                  error={errors[`caseStudies.${at}.photos`]}
                  onAlt={(key, alt) => update(draft.key, { photos: draft.photos.map((p) => (p.key === key ? { ...p, alt } : p)) })}
                  onDelete={(key) => void run(async () => takePhotos(await deleteCaseStudyPhoto(draft.id!, key)), 'Photo deleted.')}
                  onFile={(file) => upload(draft, file)}
                />
                <div className="mt-4 flex flex-wrap gap-2">
                  <button type="button" disabled={at === 0} onClick={() => move(at, -1)} className={`${smallButtonClass} disabled:opacity-60`}>
                    Move up<span className="sr-only"> case study {at + 1}</span>
                  </button>
                  <button type="button" disabled={at === drafts.length - 1} onClick={() => move(at, 1)} className={`${smallButtonClass} disabled:opacity-60`}>
                    Move down<span className="sr-only"> case study {at + 1}</span>
                  </button>
                  <button type="button" onClick={() => setDrafts(drafts.filter((d) => d.key !== draft.key))} className={smallButtonClass}>
                    Remove case study {at + 1}
                  </button>
                </div>
              </fieldset>
            </li>
          ))}
        </ol>
        <div className="mt-6 flex flex-wrap gap-3">
          {drafts.length < MAX_CASE_STUDIES ? (
            <button type="button" onClick={() => setDrafts([...drafts, blank()])} className={secondaryButtonClass}>
              Add a case study
            </button>
          ) : (
            <p className="text-sm text-gray-700">You have {MAX_CASE_STUDIES} case studies, the most a listing can show.</p>
          )}
          <button type="button" disabled={busy} onClick={() => void save()} className={primaryButtonClass}>
            Save case studies
          </button>
        </div>
        <p className="mt-2 text-sm text-gray-700">Removing a case study, moving one or changing its words takes effect when you save.</p>
      </>
    );
  }

  return (
    <section aria-labelledby="case-studies-heading" className={`${panelClass} mt-8`}>
      <h2 id="case-studies-heading" className={sectionHeadingClass}>
        Case studies
      </h2>
      <p className="mt-2 text-sm text-gray-700">
        Up to {MAX_CASE_STUDIES} examples of your work, each with up to {MAX_CASE_STUDY_PHOTOS} photos. They show on your public profile.
      </p>
      <div aria-live="polite" className="mt-3 min-h-5 text-sm">
        {busy ? <p className="text-gray-700">Saving…</p> : null}
        {status ? (
          <p className={status.kind === 'ok' ? 'text-green-800' : 'text-red-700'} role={status.kind === 'error' ? 'alert' : undefined}>
            {status.text}
          </p>
        ) : null}
      </div>
      {body}
    </section>
  );
}

function CaseStudyPhotos({
  draft,
  busy,
  error,
  onAlt,
  onDelete,
  onFile,
}: {
  draft: Draft;
  busy: boolean;
  error: string | undefined;
  onAlt: (key: string, alt: string) => void;
  onDelete: (key: string) => void;
  onFile: (file: File) => void;
}) {
  const id = useId();
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) onFile(file);
  };
  return (
    <div className="mt-4">
      <h3 className="text-sm font-medium text-gray-900">
        Photos ({draft.photos.length} of {MAX_CASE_STUDY_PHOTOS})
      </h3>
      {error ? <p className="mt-1 text-sm text-red-700">{error}</p> : null}
      <ul className="mt-2 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {draft.photos.map((photo, index) => (
          <li key={photo.key} className="rounded-md border border-gray-200 p-3">
            <img src={mediaUrl(photo.key, PHOTO_SMALL)} width={photo.width} height={photo.height} alt={photo.alt} loading="lazy" className="aspect-[4/3] h-auto w-full rounded bg-gray-100 object-cover" />
            <label htmlFor={`${id}-alt-${index}`} className={`${labelClass} mt-2`}>
              Photo {index + 1} description (alt text)
            </label>
            <input id={`${id}-alt-${index}`} value={photo.alt} maxLength={MAX_ALT_LENGTH} onChange={(e) => onAlt(photo.key, e.target.value)} className={inputClass} />
            <button type="button" disabled={busy} onClick={() => onDelete(photo.key)} className={`${smallButtonClass} mt-2`}>
              Delete photo {index + 1}
            </button>
          </li>
        ))}
      </ul>
      {!draft.id ? (
        <p className="mt-2 text-sm text-gray-700">Save this case study to add photos to it.</p>
      ) : draft.photos.length < MAX_CASE_STUDY_PHOTOS ? (
        <label htmlFor={`${id}-file`} className={`${secondaryButtonClass} mt-3 inline-block cursor-pointer focus-within:outline-2 focus-within:outline-offset-2 focus-within:outline-blue-700 ${busy ? 'cursor-not-allowed opacity-60' : ''}`}>
          Add a photo<span className="sr-only"> to this case study</span>
          <input id={`${id}-file`} type="file" accept={ACCEPT} disabled={busy} onChange={onChange} className="sr-only" />
        </label>
      ) : null}
    </div>
  );
}
