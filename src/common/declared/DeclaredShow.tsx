/**
 * A declared entity's detail page on the shared detail frame: Back, Edit and Delete as its
 * operations allow, with its texts (`textsOf`), then its facts: the fields `show.facts` names, in
 * that order (`createdAt` for Created), else every field but the title, then Created.
 *
 * Slots, for what is the entity's own (pass only what differs):
 * - `values`: its own rendering of a field's value (the same map the list takes; DeclaredValue.tsx);
 * - `children`: its own facts, under the declared ones;
 * - `actions`: its own buttons beside the title (a user's Deactivate or Activate);
 * - `main` and `side`: its own layout, two columns: `main` (the article, the player) on the left,
 *   `side` on the right; build the side from `<PublishingCard />` and `<DeclaredFacts />`, e.g.
 *   `side={<><PublishingCard /><DeclaredFacts entity={news} values={NEWS_VALUES} /><NewsStatistics /></>}`.
 */
import { Box, Card, CardContent, Grid, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useRecordContext } from 'react-admin';
import { can, textsOf, type EntityDeclaration } from '../../domain';
import { Fact } from '../Fact';
import { formatDate } from '../format';
import { ResourceShow } from '../ResourceShow';
import { detailTexts } from '../screenTexts';
import { declaredDeleteProps } from './deleteProps';
import { ValueOf, type OwnValues } from './DeclaredValue';

const factNames = (entity: EntityDeclaration) => entity.show?.facts ?? [...Object.keys(entity.fields).filter((name) => name !== entity.title), 'createdAt'];

type FactsProps = { entity: EntityDeclaration; values?: OwnValues; empty?: string };

/** The declared facts, each its label over its value (`empty`: what a fact not set reads, else 'N/A'). */
function Facts({ entity, values, empty }: FactsProps) {
  const record = useRecordContext();
  const texts = textsOf(entity);
  return factNames(entity).map((name) =>
    name === 'createdAt' ? (
      <Fact key={name} label={texts.columnCreated}>
        {formatDate(record?.createdAt as string)}
      </Fact>
    ) : (
      <Fact key={name} label={entity.fields[name].label}>
        <ValueOf entity={entity} name={name} values={values} empty={empty} />
      </Fact>
    ),
  );
}

/** The declared facts in a card of their own, one under another, under its `title` if given: a side column's part. */
export const DeclaredFacts = ({ title, ...facts }: FactsProps & { title?: string }) => (
  <Card variant="outlined" component={title ? 'section' : 'div'} aria-label={title}>
    <CardContent sx={{ display: 'grid', gap: 1.5 }}>
      {title && (
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
          {title}
        </Typography>
      )}
      <Facts {...facts} />
    </CardContent>
  </Card>
);

/** The standard body: the title, then the facts in a grid as wide as fits. */
function DeclaredBody({ entity, values, actions, children }: Pick<DeclaredShowProps, 'entity' | 'values' | 'actions' | 'children'>) {
  const record = useRecordContext();
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 3 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
          <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {String(record?.[entity.title] ?? '')}
          </Typography>
          {actions}
        </Stack>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 220px), 1fr))' }}>
          <Facts entity={entity} values={values} />
        </Box>
        {children}
      </CardContent>
    </Card>
  );
}

export type DeclaredShowProps = {
  entity: EntityDeclaration;
  values?: OwnValues;
  actions?: ReactNode;
  children?: ReactNode;
  main?: ReactNode;
  side?: ReactNode;
};

export function DeclaredShow({ entity, values, actions, children, main, side }: DeclaredShowProps) {
  const texts = textsOf(entity);
  return (
    <ResourceShow
      texts={detailTexts(texts, texts.notFound)}
      editLabel={can(entity, 'update') ? undefined : false}
      delete={can(entity, 'delete') ? declaredDeleteProps(entity) : undefined}
    >
      {main ? (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 8 }}>{main}</Grid>
          <Grid size={{ xs: 12, md: 4 }} sx={{ display: 'grid', gap: 3, alignContent: 'start' }}>
            {side}
          </Grid>
        </Grid>
      ) : (
        <DeclaredBody entity={entity} values={values} actions={actions}>
          {children}
        </DeclaredBody>
      )}
    </ResourceShow>
  );
}
