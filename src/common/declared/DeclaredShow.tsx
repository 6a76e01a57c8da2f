/**
 * A declared entity's detail page on the shared detail frame: Back, Edit and Delete as its
 * operations allow, with its texts (`textsOf`), then its facts: those `facts` names, in that order,
 * else those `show.facts` names, else every field but the title, then Created.
 *
 * Slots, for what is the entity's own (pass only what differs):
 * - `facts`: its own list of facts, each a field's name (`createdAt` for Created) or a fact of its
 *   own, `{ label, value }`, whose value is an element reading the record (a team's member count);
 * - `values`: its own rendering of a field's value (the same map the list takes; DeclaredValue.tsx);
 * - `heading`: its own head of the card in place of the title and `actions` (a team's logo beside its name);
 * - `picture`: a column of its own at the card's left, 240 px wide from a tablet's width up (a player's picture);
 * - `factWidth`: the narrowest a fact's column gets, in pixels (220 unless given);
 * - `actions`: its own buttons beside the title (a user's Deactivate or Activate);
 * - `children`: its own panels under the card (a team's squad, a player's video);
 * - `editLabel`: Edit's own wording ('Edit Team');
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

/** A fact a screen adds of its own: its label, and its value as an element that reads the record. */
export type OwnFact = { label: string; value: ReactNode };
/** A fact of a detail page: a field's name (`createdAt` for Created), or one of the screen's own. */
export type FactOf = string | OwnFact;

const factsOf = (entity: EntityDeclaration): readonly FactOf[] =>
  entity.show?.facts ?? [...Object.keys(entity.fields).filter((name) => name !== entity.title), 'createdAt'];

type FactsProps = { entity: EntityDeclaration; facts?: readonly FactOf[]; values?: OwnValues; empty?: string };

/** The facts, each its label over its value (`empty`: what a field not set reads, else 'N/A'). */
function Facts({ entity, facts = factsOf(entity), values, empty }: FactsProps) {
  const record = useRecordContext();
  const texts = textsOf(entity);
  return facts.map((name) =>
    typeof name !== 'string' ? (
      <Fact key={name.label} label={name.label}>
        {name.value}
      </Fact>
    ) : name === 'createdAt' ? (
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

/** The standard body: a card with the title (or its own heading) over the facts in a grid as wide as fits, its picture at the left. */
function DeclaredBody({ entity, facts, values, heading, picture, factWidth = 220, actions }: DeclaredShowProps) {
  const record = useRecordContext();
  const head = heading ?? (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}>
      <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
        {String(record?.[entity.title] ?? '')}
      </Typography>
      {actions}
    </Stack>
  );
  const grid = (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: `repeat(auto-fill, minmax(min(100%, ${factWidth}px), 1fr))` }}>
      <Facts entity={entity} facts={facts} values={values} />
    </Box>
  );
  return (
    <Card variant="outlined">
      {picture ? (
        <CardContent sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '240px 1fr' }, alignItems: 'start' }}>
          {picture}
          <Box sx={{ display: 'grid', gap: 2, minWidth: 0 }}>
            {head}
            {grid}
          </Box>
        </CardContent>
      ) : (
        <CardContent sx={{ display: 'grid', gap: 3 }}>
          {head}
          {grid}
        </CardContent>
      )}
    </Card>
  );
}

export type DeclaredShowProps = {
  entity: EntityDeclaration;
  facts?: readonly FactOf[];
  values?: OwnValues;
  heading?: ReactNode;
  picture?: ReactNode;
  factWidth?: number;
  actions?: ReactNode;
  children?: ReactNode;
  editLabel?: string;
  main?: ReactNode;
  side?: ReactNode;
};

export function DeclaredShow({ children, editLabel, main, side, ...body }: DeclaredShowProps) {
  const { entity } = body;
  const texts = textsOf(entity);
  return (
    <ResourceShow
      texts={detailTexts(texts, texts.notFound)}
      editLabel={can(entity, 'update') ? editLabel : false}
      delete={can(entity, 'delete') ? declaredDeleteProps(entity) : undefined}
    >
      {main ? (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 8 }}>{main}</Grid>
          <Grid size={{ xs: 12, md: 4 }} sx={{ display: 'grid', gap: 3, alignContent: 'start' }}>
            {side}
          </Grid>
        </Grid>
      ) : children ? (
        <Box sx={{ display: 'grid', gap: 3 }}>
          <DeclaredBody {...body} />
          {children}
        </Box>
      ) : (
        <DeclaredBody {...body} />
      )}
    </ResourceShow>
  );
}
