/**
 * News articles: a title, a small description, the rich-text story (sanitized when stored, searched by its
 * plain text), tags from a fixed list, a category and a picture, with stat cards over every article. The demo
 * league writes its own articles; these rows start a test league.
 */
import { defineEntity, textsOf } from '../entity';
import { NEWS_TAGS } from '../enums';
import { MIN_LENGTH, NEWS_THIS_WEEK_DAYS } from '../limits';
import { MENU, VALIDATION } from '../messages';

export const news = defineEntity({
  name: 'news',
  label: { one: 'News', many: 'News' },
  fields: {
    title: { kind: 'text', label: 'Title', required: true, minLength: MIN_LENGTH.newsTitle },
    small_description: { kind: 'longtext', label: 'Small Description', required: true, minLength: MIN_LENGTH.newsSmallDescription },
    description: { kind: 'richtext', label: 'Description', required: true, plainText: true },
    tags: { kind: 'choice', label: 'Tags', filterLabel: 'Tag', choices: NEWS_TAGS, many: true, messages: { invalid: VALIDATION.tagInvalid } },
    category: { kind: 'text', label: 'Category', form: 'api' },
    image: { kind: 'image', label: 'Image' },
  },
  title: 'title',
  list: {
    search: ['title', 'description', 'tags'],
    filters: ['tags'],
    sort: ['title'],
    counted: ['tags'],
    columns: ['title', 'description', 'tags'],
    stats: {
      total: 'All articles',
      figures: {
        thisWeek: { label: 'This Week', about: `Articles created in the last ${NEWS_THIS_WEEK_DAYS} days`, counts: { createdInLastDays: NEWS_THIS_WEEK_DAYS } },
        categories: { label: 'Categories', about: 'Distinct categories (articles without one are not a category)', counts: { distinct: 'category' } },
      },
    },
  },
  show: { facts: ['createdAt', 'category', 'tags'] },
  versioned: true,
  publishing: true,
  fixedFailures: ['delete'],
  app: { fields: ['title', 'small_description', 'description', 'tags', 'category', 'image', 'createdAt', 'updatedAt'], order: { field: 'createdAt', order: 'desc' } },
  menu: { label: MENU.news, addLabel: MENU.addNews },
  texts: {
    listTitle: 'News Management',
    addNew: 'Add News',
    emptyTitle: 'No news articles found',
    emptySearchTitle: 'No matching news found',
    emptyAction: 'Add First News',
    createTitle: 'Add News Article',
    createFailure: 'Failed to save news. Please try again.',
    editTitle: 'Edit News Article',
    editSuccess: 'News updated successfully',
    editFailure: 'Failed to save news. Please try again.',
    deleteConfirm: 'Are you sure you want to delete this news article? This action cannot be undone.',
    deleteSuccess: 'News deleted successfully',
  },
  demo: [
    {
      title: 'Chargers clinch the final',
      small_description: 'A last-over finish decided the title in front of a full house.',
      description: '<p>The <strong>Chargers</strong> chased 182 with a ball to spare.</p>',
      tags: ['Final', 'Cricket'],
      category: 'Match report',
    },
    {
      title: 'Spin will decide the semi-finals',
      small_description: 'Why the slow bowlers hold the key on dry pitches.',
      description: '<p>Three of the four grounds turned from the first over.</p>',
      tags: ['Analysis'],
    },
  ],
});

/** The news screens' texts: the declared ones, and the statistics and facts of their own. */
export const NEWS_TEXTS = {
  ...textsOf(news),
  statistics: 'Statistics',
  wordCount: 'Word Count',
  characterCount: 'Character Count',
  noCategory: 'No category',
} as const;
