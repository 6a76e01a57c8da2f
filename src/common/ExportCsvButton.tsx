/** Downloads GET /admin/{resource}/export.csv for the list's current search and filters. */
import DownloadIcon from '@mui/icons-material/Download';
import { useState } from 'react';
import { Button, useCanAccess, useDataProvider, useListContext, useNotify, useResourceContext } from 'react-admin';
import type { CreaseDataProvider } from '../providers';
import { failureMessage } from './LoadError';

export type ExportTexts = { label: string; fileName: string; failure: string };

export function ExportCsvButton({ texts }: { texts: ExportTexts }) {
  const resource = useResourceContext()!;
  const { filterValues } = useListContext();
  const dataProvider = useDataProvider<CreaseDataProvider>();
  const notify = useNotify();
  const [busy, setBusy] = useState(false);
  // The file holds every record whole, guarded fields too: only for a role that may read them all.
  const { canAccess } = useCanAccess({ action: 'export', resource });
  const download = async () => {
    setBusy(true);
    try {
      const { data } = await dataProvider.exportCsv(resource, { filter: filterValues });
      const url = URL.createObjectURL(data);
      const link = document.createElement('a');
      link.href = url;
      link.download = texts.fileName;
      document.body.appendChild(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 1000);
    } catch (error) {
      notify(failureMessage(error, texts.failure), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  if (!canAccess) return null;
  return (
    <Button label={texts.label} onClick={download} disabled={busy}>
      <DownloadIcon />
    </Button>
  );
}
