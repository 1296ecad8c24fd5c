// The provider's listing ('Your listing') on My Profile: view mode, and edit mode ('Edit listing',
// the one way to change a listing) where Save sends PATCH /api/professionals/my-profile and returns to view mode, and Cancel
// discards the edits.
import { useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { listingFacts, PUBLIC_LISTING_FIELDS } from '../../../../core/listing-fields';
import { yearsInBusinessText } from '../../../../core/profile-facts';
import type { MyProfile } from '../../../../core/my-profile';
import { errorMessageFor } from '../../api/client';
import { updateMyProfile, useMyProfile } from '../../api/use-my-profile';
import { showToast } from '../../components/toast';
import { ListingFieldControls } from '../../components/forms/choice-fields';
import { TextAreaField, TextField } from '../../components/forms/form-fields';
import { RateFields } from '../../components/forms/rate-fields';
import { RegionField } from '../../components/forms/region-field';
import { ServicesField } from '../../components/forms/services-field';
import { apiFieldErrors } from '../../components/forms/form-validation';
import { useFormState } from '../../components/forms/use-form-state';
import {
  labelTextClass,
  linkClass,
  panelClass,
  primaryButtonClass,
  secondaryButtonClass,
  sectionHeadingClass,
} from '../../components/styles';
import {
  describeRate,
  MAX_SERVICES,
  sanitizeRate,
  setProjectBased,
  SOCIAL_FIELDS,
  toFormValues,
  toUpdate,
  validateProfileForm,
  type ProfileFormValues,
} from './profile-form';
import { FoundedYearField, LanguagesField } from './profile-facts-fields';

export function ListingEditor({ publicSlug }: { publicSlug: string | null }) {
  const { profile, error, isLoading, mutate } = useMyProfile(true);
  const [isEditing, setEditing] = useState(false);

  let body;
  if (isLoading) {
    body = (
      <p role="status" className="mt-4 text-sm text-gray-700">
        Loading your professional profile…
      </p>
    );
  } else if (error || !profile) {
    body = (
      <div className="mt-4">
        <p role="alert" className="text-sm text-red-700">
          {errorMessageFor(error, 'Failed to load your professional profile. Please try again.')}
        </p>
        <button
          type="button"
          onClick={() => void mutate()}
          className={`${secondaryButtonClass} mt-3`}
        >
          Try again
        </button>
      </div>
    );
  } else if (isEditing) {
    body = (
      <ProfileEditForm
        profile={profile}
        onSaved={(saved) => {
          void mutate(saved ?? undefined, { revalidate: saved === null });
          setEditing(false);
        }}
        onCancel={() => setEditing(false)}
      />
    );
  } else {
    body = <ProfileView profile={profile} onEdit={() => setEditing(true)} />;
  }

  const slug = publicSlug ?? profile?.slug ?? null;
  return (
    <section aria-labelledby="professional-profile" className={panelClass}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="professional-profile" className={sectionHeadingClass}>
          Your listing
        </h2>
        {slug ? (
          <Link
            to={`/professionals/${encodeURIComponent(slug)}`}
            className={`${linkClass} text-sm`}
          >
            View Public Profile
          </Link>
        ) : null}
      </div>
      {body}
    </section>
  );
}

function ViewRow({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <dt className="text-sm font-medium text-gray-700">{label}</dt>
      <dd className="mt-1 break-words text-gray-900">{children}</dd>
    </div>
  );
}

function ProfileView({ profile, onEdit }: { profile: MyProfile; onEdit: () => void }) {
  const social = SOCIAL_FIELDS.filter(({ key }) => profile[key]);
  return (
    <>
      <dl className="mt-4 grid gap-4 sm:grid-cols-2">
        <ViewRow label="Company name">{profile.companyName}</ViewRow>
        <ViewRow label="Contact name">{profile.contactName}</ViewRow>
        <ViewRow label="Email">{profile.email}</ViewRow>
        <ViewRow label="Phone">{profile.phone || 'Not provided'}</ViewRow>
        <ViewRow label="Website">{profile.website || 'Not provided'}</ViewRow>
        <ViewRow label="Rate">{describeRate(profile)}</ViewRow>
        {listingFacts(PUBLIC_LISTING_FIELDS, profile).map(({ name, term, text, silencedNote }) => (
          <ViewRow key={name} label={term}>
            {text ?? silencedNote ?? 'Not set'}
          </ViewRow>
        ))}
        <ViewRow label="Year the business began">{yearsInBusinessText(profile.foundedYear, new Date().getFullYear()) ?? 'Not set'}</ViewRow>
        <ViewRow label="Languages">{profile.languages.join(', ') || 'Not set'}</ViewRow>
        <ViewRow label="Service area">{profile.location}</ViewRow>
        <ViewRow label="Region">{profile.region}</ViewRow>
        <ViewRow label="Postcode">{profile.postcode}</ViewRow>
        <ViewRow label="Services" wide>
          {profile.services.join(', ') || 'None'}
        </ViewRow>
        <ViewRow label="Description" wide>
          <span className="whitespace-pre-line">{profile.description}</span>
        </ViewRow>
        {social.length > 0 ? (
          <ViewRow label="Social links" wide>
            <ul className="space-y-1">
              {social.map(({ key, label }) => (
                <li key={key}>
                  {label}: {profile[key]}
                </li>
              ))}
            </ul>
          </ViewRow>
        ) : null}
      </dl>
      <button type="button" onClick={onEdit} className={`${primaryButtonClass} mt-6`}>
        Edit listing
      </button>
      <p className="mt-2 text-sm text-gray-700">Changes show on your public profile as soon as you save them.</p>
    </>
  );
}

interface EditFormProps {
  profile: MyProfile;
  onSaved: (saved: MyProfile | null) => void;
  onCancel: () => void;
}

function ProfileEditForm({ profile, onSaved, onCancel }: EditFormProps) {
  const { values, setValues, set, errors, setErrors, field } = useFormState<ProfileFormValues>(() => toFormValues(profile));
  const [isSaving, setSaving] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateProfileForm(values);
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    setSaving(true);
    try {
      const saved = await updateMyProfile(toUpdate(values));
      showToast({ title: 'Profile updated', description: 'Your professional profile has been saved.' });
      onSaved(saved);
    } catch (error) {
      setErrors(apiFieldErrors(error));
      showToast({ title: 'Update failed', description: 'Failed to update professional profile.', variant: 'destructive' });
    } finally {
      setSaving(false);
    }
  }


  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-4 space-y-5" aria-label="Edit professional profile">
      <div className="grid gap-5 sm:grid-cols-2">
        <TextField label="Company name" {...field('companyName')} autoComplete="organization" />
        <TextField label="Contact name" {...field('contactName')} autoComplete="name" />
        <TextField label="Phone" type="tel" {...field('phone')} autoComplete="tel" />
        <TextField label="Website" type="url" {...field('website')} autoComplete="url" />
      </div>

      <TextAreaField label="Description" rows={5} {...field('description')} />

      <ServicesField
        legend={`Services (up to ${MAX_SERVICES})`}
        selected={values.services}
        onSelectedChange={(services) => set('services', services)}
        error={errors.services}
      />

      <div className="grid gap-5 sm:grid-cols-2">
        <TextField
          label="Service area"
          {...field('location')}
          hint="Where you work, e.g. Greater London and the South East."
        />
        <RegionField placeholder="Select a region" {...field('region')} />
        <TextField
          label="Postcode"
          {...field('postcode')}
          autoComplete="postal-code"
        />
      </div>

      <fieldset>
        <legend className={labelTextClass}>Rate</legend>
        <div className="mt-2">
          <RateFields
            rateLabel="Rate (£)"
            rate={field('hourlyRate', sanitizeRate)}
            rateType={values.rateType ?? ''}
            onRateTypeChange={(rateType) => set('rateType', rateType || null)}
            rateTypePlaceholder="Select"
            isProjectBased={values.isProjectBased}
            onProjectBasedChange={(isProjectBased) => setValues((current) => setProjectBased(current, isProjectBased))}
          />
        </div>
      </fieldset>

      <ListingFieldControls
        fields={PUBLIC_LISTING_FIELDS}
        values={values}
        onValuesChange={(change) => setValues((current) => ({ ...current, ...change }))}
        errors={errors}
        isOptionalMarked={false}
      />

      <div className="grid gap-5 sm:grid-cols-2">
        <FoundedYearField value={values.foundedYear} onValueChange={(v) => set('foundedYear', v)} error={errors.foundedYear} />
      </div>
      <LanguagesField selected={values.languages} onSelectedChange={(languages) => set('languages', languages)} error={errors.languages} />

      <fieldset>
        <legend className={labelTextClass}>Social links</legend>
        <div className="mt-2 grid gap-5 sm:grid-cols-2">
          {SOCIAL_FIELDS.map(({ key, label }) => (
            <TextField key={key} label={label} type="url" value={values[key]} onValueChange={(v) => set(key, v)} error={errors[key]} />
          ))}
        </div>
      </fieldset>

      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={isSaving} className={primaryButtonClass}>
          {isSaving ? 'Saving…' : 'Save'}
        </button>
        <button type="button" onClick={onCancel} className={secondaryButtonClass}>
          Cancel
        </button>
      </div>
    </form>
  );
}
