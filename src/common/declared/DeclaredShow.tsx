/** A declared entity's detail page on the shared detail frame: its title, then a fact per field. */
import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useRecordContext } from 'react-admin';
import { can, textsOf, type EntityDeclaration } from '../../domain';
import { Fact } from '../Fact';
import { formatDate } from '../format';
import { ResourceShow } from '../ResourceShow';
import { detailTexts } from '../screenTexts';
import { declaredDeleteProps } from './deleteProps';
import { DeclaredValue } from './DeclaredValue';

function DeclaredFacts({ entity, children }: { entity: EntityDeclaration; children?: ReactNode }) {
  const record = useRecordContext();
  const texts = textsOf(entity);
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 3 }}>
        <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
          {String(record?.[entity.title] ?? '')}
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 220px), 1fr))' }}>
          {Object.keys(entity.fields)
            .filter((name) => name !== entity.title)
            .map((name) => (
              <Fact key={name} label={entity.fields[name].label}>
                <DeclaredValue entity={entity} name={name} />
              </Fact>
            ))}
          <Fact label={texts.columnCreated}>{formatDate(record?.createdAt as string)}</Fact>
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

/** `children` adds the entity's own facts under the declared ones. */
export function DeclaredShow({ entity, children }: { entity: EntityDeclaration; children?: ReactNode }) {
  const texts = textsOf(entity);
  return (
    <ResourceShow
      texts={detailTexts(texts, texts.notFound)}
      editLabel={can(entity, 'update') ? undefined : false}
      delete={can(entity, 'delete') ? declaredDeleteProps(entity) : undefined}
    >
      <DeclaredFacts entity={entity}>{children}</DeclaredFacts>
    </ResourceShow>
  );
}
