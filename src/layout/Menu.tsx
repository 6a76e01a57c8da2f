/**
 * The side menu: react-admin's Menu and MenuItemLink (active highlight, tooltips when collapsed to
 * icons, drawer on phones) with collapsible groups that start open when they hold the active page.
 */
import ExpandLessIcon from '@mui/icons-material/ExpandLess';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import { Collapse, List, ListItemButton, ListItemIcon, ListItemText } from '@mui/material';
import { useState } from 'react';
import { Menu as RaMenu, useLocation, useSidebarState } from 'react-admin';
import { MENU_ENTRIES, MENU_LINKS, isGroup, type MenuGroup, type MenuLink } from './menuItems';

const isActive = (pathname: string, to: string) => pathname === to || pathname.startsWith(`${to}/`);

/**
 * The one link to highlight: the most specific that holds the page. react-admin's own active class
 * matches by prefix, so on /videos/create it would light up 'Videos' as well as 'Add Video'.
 */
const currentLink = (pathname: string) =>
  MENU_LINKS.filter((link) => isActive(pathname, link.to)).sort((a, b) => b.to.length - a.to.length)[0]?.to;

function Link({ link, nested = false }: { link: MenuLink; nested?: boolean }) {
  const { pathname } = useLocation();
  return (
    <RaMenu.Item
      to={link.to}
      primaryText={link.label}
      leftIcon={<link.icon />}
      aria-current={currentLink(pathname) === link.to ? 'page' : undefined}
      sx={nested ? { pl: 4 } : undefined}
    />
  );
}

function Group({ group }: { group: MenuGroup }) {
  const { pathname } = useLocation();
  const [sidebarOpen] = useSidebarState();
  // The group follows the active page until the user opens or closes it by hand.
  const [toggled, setToggled] = useState<boolean | null>(null);
  const open = toggled ?? group.links.some((link) => isActive(pathname, link.to));
  // Collapsed to icons, a group header would be an icon without a target: show its links instead.
  if (!sidebarOpen) return group.links.map((link) => <Link key={link.to} link={link} />);
  return (
    <>
      <ListItemButton onClick={() => setToggled(!open)} aria-expanded={open} sx={{ py: 0.75, color: 'text.secondary' }}>
        <ListItemIcon sx={{ minWidth: 40 }}>
          <group.icon />
        </ListItemIcon>
        <ListItemText primary={group.label} />
        {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
      </ListItemButton>
      <Collapse in={open} unmountOnExit>
        <List disablePadding role="group" aria-label={group.label}>
          {group.links.map((link) => (
            <Link key={link.to} link={link} nested />
          ))}
        </List>
      </Collapse>
    </>
  );
}

export const Menu = () => (
  <RaMenu>
    {MENU_ENTRIES.map((entry) =>
      isGroup(entry) ? <Group key={entry.label} group={entry} /> : <Link key={entry.to} link={entry} />,
    )}
  </RaMenu>
);
