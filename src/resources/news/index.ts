/**
 * The news resource (declared in src/domain/entities/news.ts): the declared screens with the
 * article's own parts. Each view is its own lazily loaded chunk; only the form pages download the rich-text editor.
 */
import NewspaperIcon from '@mui/icons-material/Newspaper';
import { lazyView } from '../../common/lazyView';
import { news } from '../../domain/entities';
import { entityModule } from '../module';

export default entityModule(news, {
  icon: NewspaperIcon,
  views: {
    list: lazyView(() => import('./NewsList'), 'NewsList'),
    show: lazyView(() => import('./NewsShow'), 'NewsShow'),
    create: lazyView(() => import('./NewsForm'), 'NewsCreate'),
    edit: lazyView(() => import('./NewsForm'), 'NewsEdit'),
  },
});
