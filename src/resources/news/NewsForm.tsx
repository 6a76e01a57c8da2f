/**
 * 'Add News Article' and 'Edit News Article': the declared form (src/common/declared/DeclaredForm.tsx)
 * with the picture in a column beside the fields, and a failure also in a box above them.
 */
import { DeclaredCreate, DeclaredEdit, type DeclaredFormProps } from '../../common';
import { news } from '../../domain/entities';

const layout: Omit<DeclaredFormProps, 'entity'> = { aside: { content: 'images' }, errorBox: true };

export const NewsCreate = () => <DeclaredCreate entity={news} {...layout} />;
export const NewsEdit = () => <DeclaredEdit entity={news} {...layout} />;
