/**
 * The slides as cards in the app carousel's order. The admin drags a card onto another
 * card's place, or moves it one place with Move earlier / Move later; each move saves the complete
 * order at once (`PUT /admin/slides/order`) and is announced to screen readers. A failed save
 * toasts the server's message and puts the cards back. The order can change only while every slide
 * is shown (no search, one page).
 */
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import DragIndicatorIcon from '@mui/icons-material/DragIndicator';
import { Box, Card, CardActions, CardContent, Chip, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { RecordContextProvider, useDataProvider, useNotify, useRefresh } from 'react-admin';
import { failureMessage, formatDate, ImagePreview, PublishingActions, PublishingState } from '../../common';
import { useTargetLabel } from '../../common/TargetInputs';
import { SLIDE_TEXTS, TARGET_TEXTS } from '../../domain';
import type { CreaseDataProvider } from '../../providers/dataProvider';
import { DeleteSlideButton, ViewImageButton, type Slide } from './SlideParts';

type Direction = 'earlier' | 'later';

/** Read by screen readers, not drawn. */
const visuallyHidden = { position: 'absolute', width: '1px', height: '1px', m: '-1px', p: 0, border: 0, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap' } as const;

const moved = (slides: Slide[], from: number, to: number) => {
  const next = [...slides];
  const [slide] = next.splice(from, 1);
  next.splice(to, 0, slide);
  return next;
};

const MOVES = {
  earlier: { label: SLIDE_TEXTS.moveEarlier, Icon: ArrowBackIcon },
  later: { label: SLIDE_TEXTS.moveLater, Icon: ArrowForwardIcon },
} as const;

/** Move earlier / Move later: one place at a time, for the keyboard and for phones. */
function MoveButton({ direction, disabled, onClick }: { direction: Direction; disabled: boolean; onClick: () => void }) {
  const { label, Icon } = MOVES[direction];
  return (
    <Tooltip title={label}>
      <span>
        <IconButton size="small" data-move={direction} aria-label={label} disabled={disabled} onClick={onClick}>
          <Icon fontSize="small" />
        </IconButton>
      </span>
    </Tooltip>
  );
}

/** What a tap on the slide opens in the app, when it names something ('Opens: Mumbai Mavericks'). */
function SlideOpens({ slide }: { slide: Record<string, unknown> }) {
  const opens = useTargetLabel(slide);
  if (!opens) return null;
  return (
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      {TARGET_TEXTS.opens(opens)}
    </Typography>
  );
}

export function SlideOrderGrid({ slides, canReorder, note }: { slides: Slide[]; canReorder: boolean; note?: string }) {
  const [order, setOrder] = useState(slides);
  const [dragged, setDragged] = useState<string>();
  const [over, setOver] = useState<string>();
  const [announcement, setAnnouncement] = useState('');
  const refocus = useRef<{ id: string; direction: Direction }>(undefined);
  const grid = useRef<HTMLDivElement>(null);
  const dataProvider = useDataProvider<CreaseDataProvider>();
  const notify = useNotify();
  const refresh = useRefresh();

  // Saves go one after another, in the order the moves were made; the list is read again once the
  // last is through, and until then a reload in between does not undo the moves on screen.
  const saves = useRef(Promise.resolve());
  const pending = useRef(0);
  const latest = useRef(slides);
  // Moves made, and the moves the last reload was asked after: a list read before a later move is stale.
  const made = useRef(0);
  const reloadedAfter = useRef(0);
  useEffect(() => {
    latest.current = slides;
    if (pending.current === 0 && made.current === reloadedAfter.current) setOrder(slides);
  }, [slides]);

  // A moved card keeps the keyboard focus on its button (or on the other one at either end).
  useEffect(() => {
    const wanted = refocus.current;
    if (!wanted) return;
    refocus.current = undefined;
    const card = grid.current?.querySelector(`[data-slide-id="${CSS.escape(wanted.id)}"]`);
    const button = card?.querySelector<HTMLButtonElement>(`[data-move="${wanted.direction}"]:not(:disabled)`);
    (button ?? card?.querySelector<HTMLButtonElement>('[data-move]:not(:disabled)'))?.focus();
  }, [order]);

  const move = (from: number, to: number, direction?: Direction) => {
    if (from === to || to < 0 || to >= order.length) return;
    const next = moved(order, from, to);
    if (direction) refocus.current = { id: String(order[from].id), direction };
    setOrder(next);
    made.current += 1;
    pending.current += 1;
    saves.current = saves.current.then(async () => {
      try {
        await dataProvider.reorder('slides', { ids: next.map((slide) => slide.id) });
        setAnnouncement(SLIDE_TEXTS.moved(from + 1, to + 1, next.length));
      } catch (error) {
        // Back to the order the server last gave.
        setOrder(latest.current);
        notify(failureMessage(error, SLIDE_TEXTS.orderFailure), { type: 'error' });
      } finally {
        pending.current -= 1;
        if (pending.current === 0) {
          reloadedAfter.current = made.current;
          refresh();
        }
      }
    });
  };

  const dragProps = (slide: Slide, index: number) =>
    canReorder
      ? {
          draggable: true,
          onDragStart: (event: DragEvent) => {
            event.dataTransfer.effectAllowed = 'move';
            event.dataTransfer.setData('text/plain', String(slide.id));
            setDragged(String(slide.id));
          },
          onDragOver: (event: DragEvent) => {
            if (!dragged) return;
            event.preventDefault();
            event.dataTransfer.dropEffect = 'move';
            setOver(String(slide.id));
          },
          onDrop: (event: DragEvent) => {
            event.preventDefault();
            const from = order.findIndex((item) => String(item.id) === (dragged ?? event.dataTransfer.getData('text/plain')));
            setDragged(undefined);
            setOver(undefined);
            if (from >= 0) move(from, index);
          },
          onDragEnd: () => {
            setDragged(undefined);
            setOver(undefined);
          },
        }
      : {};

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
        {SLIDE_TEXTS.orderHeading}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {canReorder ? SLIDE_TEXTS.orderHint : note}
      </Typography>
      <Box role="status" aria-live="polite" sx={visuallyHidden}>
        {announcement}
      </Box>
      <Box
        ref={grid}
        component="ol"
        sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 240px), 1fr))' }}
      >
        {order.map((slide, index) => (
          <RecordContextProvider key={slide.id} value={slide}>
            <Box component="li" data-slide-id={slide.id} sx={{ minWidth: 0 }} {...dragProps(slide, index)}>
              <Card
                variant="outlined"
                component="article"
                aria-label={SLIDE_TEXTS.slideLabel(index + 1)}
                sx={{
                  height: '100%',
                  display: 'flex',
                  flexDirection: 'column',
                  cursor: canReorder ? 'grab' : undefined,
                  opacity: dragged === String(slide.id) ? 0.5 : 1,
                  outline: over === String(slide.id) && dragged !== over ? '2px dashed' : 'none',
                  outlineColor: 'primary.main',
                }}
              >
                <ImagePreview src={slide.image} alt={SLIDE_TEXTS.slideImage(index + 1)} height={150} />
                <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 1, py: 1 }}>
                  {canReorder && <DragIndicatorIcon color="action" aria-hidden />}
                  <Chip size="small" color="primary" label={`#${index + 1}`} />
                  <Typography variant="caption" color="text.secondary" sx={{ flex: 1, textAlign: 'right' }}>
                    {formatDate(slide.createdAt)}
                  </Typography>
                </CardContent>
                <CardContent sx={{ display: 'grid', gap: 0.5, py: 0 }}>
                  <SlideOpens slide={slide} />
                  <PublishingState record={slide} />
                  <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', ml: -0.5 }}>
                    <PublishingActions name={SLIDE_TEXTS.slideLabel(index + 1)} />
                  </Stack>
                </CardContent>
                <CardActions sx={{ justifyContent: 'space-between', flexWrap: 'wrap', pt: 0 }}>
                  {canReorder ? (
                    <Stack direction="row">
                      <MoveButton direction="earlier" disabled={index === 0} onClick={() => move(index, index - 1, 'earlier')} />
                      <MoveButton direction="later" disabled={index === order.length - 1} onClick={() => move(index, index + 1, 'later')} />
                    </Stack>
                  ) : (
                    <span />
                  )}
                  <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', justifyContent: 'flex-end' }}>
                    <ViewImageButton slide={slide} place={index + 1} />
                    <DeleteSlideButton />
                  </Stack>
                </CardActions>
              </Card>
            </Box>
          </RecordContextProvider>
        ))}
      </Box>
    </Box>
  );
}
