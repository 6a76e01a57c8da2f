import { failureTextOf, textsOf, type EntityDeclaration } from '../../domain';
import type { DeleteRecordButtonProps } from '../DeleteRecordButton';

/** Delete from a row, a card or the detail page, with the entity's texts. */
export const declaredDeleteProps = (entity: EntityDeclaration): DeleteRecordButtonProps => {
  const texts = textsOf(entity);
  return {
    confirmTitle: texts.deleteTitle,
    confirmContent: texts.deleteConfirm,
    busyLabel: texts.deleting,
    successMessage: texts.deleteSuccess,
    failureMessage: failureTextOf(entity, 'delete'),
  };
};
