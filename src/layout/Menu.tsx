/**
 * The side menu: a navigation landmark holding a plain list of links (not an ARIA menu, whose items
 * would have to be menuitems driven by arrow keys). Each link is react-admin's MenuItemLink (tooltip
 * when collapsed to icons, closes the phone drawer on tap) shown as a link; groups are disclosure
 * buttons over a nested list and start open when they hold the active page.
 */
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Box, Collapse, List, ListItemButton, ListItemIcon, ListItemText, useMediaQuery, type Theme } from '@mui/material';
import { useContext, useId, useState } from 'react';
import { MenuItemLink, Sidebar, useCanAccessResources, useLocation, useSidebarState, type SidebarProps } from 'react-admin';
import { allowedEntries, AppMenu, isGroup, type MenuEntry, type MenuGroup, type MenuLink } from './menuItems';

/** The landmark's name: screen readers announce it as 'Main navigation'. */
const MENU_LANDMARK = 'Main';
/** On phones the menu is a modal drawer (a dialog), which needs a name of its own. */
const MENU_DRAWER = 'Main menu';

const isActive = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

/**
 * The one link to highlight: the most specific that holds the page. react-admin's own active class
 * matches by prefix, so on /videos/create it would light up 'Videos' as well as 'Add Video'.
 */
const currentLink = (links: readonly MenuLink[], pathname: string) =>
  links.filter((link) => isActive(pathname, link.to)).sort((a, b) => b.to.length - a.to.length)[0]?.to;

function Link({ link, nested = false }: { link: MenuLink; nested?: boolean }) {
  const { pathname } = useLocation();
  const { links } = useContext(AppMenu);
  return (
    <li>
      <MenuItemLink
        to={link.to}
        primaryText={link.label}
        leftIcon={<link.icon />}
        // A link in a list of links; MUI's MenuItem would otherwise call it a menuitem.
        role="link"
        aria-current={currentLink(links, pathname) === link.to ? 'page' : undefined}
        sx={nested ? { pl: 4 } : undefined}
      />
    </li>
  );
}

function Group({ group }: { group: MenuGroup }) {
  const { pathname } = useLocation();
  const [sidebarOpen] = useSidebarState();
  const listId = useId();
  // The group follows the active page until the user opens or closes it by hand.
  const [toggled, setToggled] = useState<boolean | null>(null);
  const open = toggled ?? group.links.some((link) => isActive(pathname, link.to));
  // Collapsed to icons, a group header would be an icon without a target: show its links instead.
  if (!sidebarOpen) return group.links.map((link) => <Link key={link.to} link={link} />);
  return (
    <li>
      <ListItemButton
        onClick={() => setToggled(!open)}
        aria-expanded={open}
        aria-controls={listId}
        sx={{ py: 0.75, color: 'text.secondary' }}
      >
        <ListItemIcon sx={{ minWidth: 40 }}>
          <group.icon />
        </ListItemIcon>
        <ListItemText primary={group.label} />
        {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
      </ListItemButton>
      <Collapse in={open} unmountOnExit>
        <List disablePadding id={listId} aria-label={group.label}>
          {group.links.map((link) => (
            <Link key={link.to} link={link} nested />
          ))}
        </List>
      </Collapse>
    </li>
  );
}

/** The entries the signed-in admin's role may open, asked of `canAccess`; none until it has answered. */
function useMenuEntries(): MenuEntry[] {
  const { entries, resources } = useContext(AppMenu);
  const lists = useCanAccessResources({ action: 'list', resources });
  const creates = useCanAccessResources({ action: 'create', resources });
  if (!lists.canAccess || !creates.canAccess) return [];
  const answers = { list: lists.canAccess, create: creates.canAccess };
  return allowedEntries(entries, ({ resource, action }) => answers[action][resource] === true);
}

/** As wide as react-admin's drawer (theme.sidebar: 18%, 15% on very wide screens; icons only when closed). */
export const Menu = () => {
  const [open] = useSidebarState();
  const entries = useMenuEntries();
  return (
    <Box
      component="nav"
      aria-label={MENU_LANDMARK}
      sx={(theme) => ({
        width: open ? theme.sidebar.width : theme.sidebar.closedWidth,
        transition: theme.transitions.create('width', {
          easing: theme.transitions.easing.sharp,
          duration: theme.transitions.duration.leavingScreen,
        }),
      })}
    >
      <List>
        {entries.map((entry) =>
          isGroup(entry) ? <Group key={entry.label} group={entry} /> : <Link key={entry.to} link={entry} />,
        )}
      </List>
    </Box>
  );
};

/**
 * react-admin's sidebar; on phones its drawer is a modal dialog (MUI gives the paper role="dialog"),
 * named here. The docked drawer of wider screens is no dialog and gets no name.
 */
export const MenuSidebar = (props: SidebarProps) => {
  const isXSmall = useMediaQuery<Theme>((theme) => theme.breakpoints.down('sm'));
  return <Sidebar {...props} slotProps={isXSmall ? { paper: { 'aria-label': MENU_DRAWER } } : undefined} />;
};
