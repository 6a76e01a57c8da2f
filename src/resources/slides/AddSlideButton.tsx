import AddIcon from '@mui/icons-material/Add';
import { Button } from '@mui/material';
import { lazy, Suspense, useState } from 'react';
import { useCanAccess } from 'react-admin';
import { SLIDE_TEXTS } from '../../domain';

/** The modal with the image picker, downloaded on the first press of the button. */
const SlideCreateDialog = lazy(() => import('./SlideCreateDialog').then((module) => ({ default: module.SlideCreateDialog })));

/** The page's 'Add New Slide' button; the modal mounts only while open, so every opening starts empty. */
export function AddSlideButton() {
  const [open, setOpen] = useState(false);
  const { canAccess } = useCanAccess({ action: 'create', resource: 'slides' });
  if (!canAccess) return null;
  return (
    <>
      <Button variant="contained" startIcon={<AddIcon />} onClick={() => setOpen(true)}>
        {SLIDE_TEXTS.addNew}
      </Button>
      {open && (
        <Suspense fallback={null}>
          <SlideCreateDialog onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
