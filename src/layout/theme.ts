/**
 * Light and dark themes (react-admin's defaults in the league's green). The side menu takes 18% of
 * the screen, 15% on very wide screens, with a floor so labels stay readable on tablets.
 */
import { alpha, type Theme } from '@mui/material/styles';
import { defaultDarkTheme, defaultLightTheme, type RaThemeOptions } from 'react-admin';
import { SHELL } from '../domain';

/**
 * react-admin sizes both the drawer and the menu inside it from `sidebar.width`; a CSS variable
 * lets one media query change both, so the menu never overhangs a narrower drawer.
 */
const MENU_WIDTH = '--crease-menu-width';

const brand = (base: RaThemeOptions, primary: string): RaThemeOptions => ({
  ...base,
  palette: { ...base.palette, primary: { main: primary }, secondary: { main: '#c2410c' } },
  sidebar: { width: `var(${MENU_WIDTH})`, closedWidth: 55 } as unknown as RaThemeOptions['sidebar'],
  components: {
    ...base.components,
    MuiCssBaseline: {
      styleOverrides: (theme: Theme) => ({
        ':root': {
          [MENU_WIDTH]: 'max(18vw, 220px)',
          [theme.breakpoints.up('xl')]: { [MENU_WIDTH]: '15vw' },
        },
      }),
    },
    // react-admin's Datagrid names each row's checkbox with `aria-label`, which MUI 7 puts on the
    // checkbox's outer span: the input is left unnamed and the span holds an attribute its role
    // forbids. Every checkbox given an `aria-label` hands it to its input instead.
    MuiCheckbox: {
      defaultProps: {
        slotProps: {
          root: (ownerState: { 'aria-label'?: string }) => (ownerState['aria-label'] ? { 'aria-label': undefined } : {}),
          input: (ownerState: { 'aria-label'?: string; inputProps?: object }) => ({
            ...ownerState.inputProps,
            ...(ownerState['aria-label'] ? { 'aria-label': ownerState['aria-label'] } : {}),
          }),
        },
      },
    },
    // A progress indicator with no name of its own is named (axe's aria-progressbar-name): react-admin
    // draws unnamed ones while something loads, the app bar's spinner, a loading input's, a loading
    // reference's bar. One given a name, or hidden beside a text that says it, keeps its own.
    MuiCircularProgress: { defaultProps: { 'aria-label': SHELL.loading } },
    MuiLinearProgress: { defaultProps: { 'aria-label': SHELL.loading } },
    // A list's search form takes the width its toolbar's buttons leave, never less than a readable
    // search box: react-admin's 100% basis squeezed the buttons beside it into a column, one per line.
    RaFilterForm: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({ [theme.breakpoints.up('md')]: { flex: '1 1 0', minWidth: 280 } }),
      },
    },
    // The collapsed bulk-actions bar is 0 px tall, but its buttons stayed where the pointer and the
    // Tab key could reach them, over whatever sits just above the table (the registrations' Export).
    RaBulkActionsToolbar: {
      styleOverrides: { root: { '& .RaBulkActionsToolbar-collapsed': { visibility: 'hidden' } } },
    },
    // The menu marks its one current link with aria-current (see Menu.tsx), not react-admin's prefix match.
    RaMenuItemLink: {
      styleOverrides: {
        root: ({ theme }: { theme: Theme }) => ({
          '&.RaMenuItemLink-active': { color: theme.palette.text.secondary },
          '&[aria-current="page"]': {
            color: theme.palette.primary.main,
            backgroundColor: alpha(theme.palette.primary.main, 0.12),
            fontWeight: 600,
            '& .RaMenuItemLink-icon': { color: theme.palette.primary.main },
          },
        }),
      },
    },
  },
});

export const lightTheme = brand(defaultLightTheme, '#166534');
export const darkTheme = brand(defaultDarkTheme, '#4ade80');
