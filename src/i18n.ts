/** react-admin's English texts, with the screens' own wording where react-admin's differs ('Sign out'). */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { ENTITIES, SHELL, textsOf } from './domain';

const messages = {
  ...englishMessages,
  ra: {
    ...englishMessages.ra,
    auth: { ...englishMessages.ra.auth, logout: SHELL.signOut },
    // The field as its column heading writes it: 'Sort by Created At ascending', not 'created At'.
    sort: { ...englishMessages.ra.sort, sort_by: 'Sort by %{field} %{order}' },
  },
  // Field names as the sort button says them ('Sort by Created Date descending').
  resources: {
    // A declared entity's fields by their labels.
    ...Object.fromEntries(
      ENTITIES.map((entity) => [
        entity.name,
        { fields: { createdAt: textsOf(entity).columnCreated, ...Object.fromEntries(Object.entries(entity.fields).map(([name, field]) => [name, field.label])) } },
      ]),
    ),
  },
};

// allowMissing: screens pass their literal texts as labels, which are not translation keys.
export const i18nProvider = polyglotI18nProvider(() => messages, 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true });
