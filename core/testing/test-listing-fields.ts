// Two listing fields for tests only (core/listing-fields.ts), named apart from any real one: an
// enum shaped like work mode, and a boolean. Tests pass them where the product passes
// LISTING_FIELDS, to show a new field needs nothing but its definition.
import { booleanField, enumField } from '../listing-fields';

export const TEST_WORK_MODE_FIELD = enumField({
  name: 'testWorkMode',
  label: 'Where you work',
  term: 'Works',
  options: [
    { value: 'on_site', label: 'On site' },
    { value: 'remote', label: 'Remote' },
    { value: 'both', label: 'Both' },
  ],
  texts: { remote: 'Remotely', both: 'On site and remotely' },
  message: 'Choose where you work',
  default: null,
  isPublic: true,
});

export const TEST_NEW_CLIENTS_FIELD = booleanField({
  name: 'testNewClients',
  label: 'Taking on new clients',
  hint: 'Untick it while you are fully booked.',
  term: 'New clients',
  texts: { yes: 'Welcome', no: null },
  default: true,
  isPublic: false,
});

export const TEST_LISTING_FIELDS = [TEST_WORK_MODE_FIELD, TEST_NEW_CLIENTS_FIELD] as const;
