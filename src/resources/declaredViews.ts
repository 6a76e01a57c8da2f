/** The views of each declared entity, by entity name, from its resource folder. */
import type { SvgIconComponent } from '@mui/icons-material';
import type { ResourceViews } from '../routing/specResource';
import * as folders from '.';

export const DECLARED_VIEWS: Readonly<Record<string, ResourceViews & { icon: SvgIconComponent }>> = folders;
