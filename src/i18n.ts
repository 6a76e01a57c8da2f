/** react-admin's English texts, with the spec's wording where react-admin's differs ('Sign out'). */
import polyglotI18nProvider from 'ra-i18n-polyglot';
import englishMessages from 'ra-language-english';
import { SHELL, VIDEO_TEXTS } from './domain';

const messages = {
  ...englishMessages,
  ra: { ...englishMessages.ra, auth: { ...englishMessages.ra.auth, logout: SHELL.signOut } },
  // Field names as the sort button says them ('Sort by Created Date descending').
  resources: {
    videos: { fields: { title: VIDEO_TEXTS.sortTitle, createdAt: VIDEO_TEXTS.sortCreated } },
  },
};

// allowMissing: screens pass the spec's literal texts as labels, which are not translation keys.
export const i18nProvider = polyglotI18nProvider(() => messages, 'en', [{ locale: 'en', name: 'English' }], { allowMissing: true });
