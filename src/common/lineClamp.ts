/** Text cut after `lines` lines with an ellipsis, so rows and cards keep their height: `sx={lineClamp(2)}`. */
export const lineClamp = (lines: number) => ({ display: '-webkit-box', WebkitLineClamp: lines, WebkitBoxOrient: 'vertical' as const, overflow: 'hidden' });
