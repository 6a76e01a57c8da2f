/** /dashboard: greeting and headline figures. The figures are placeholders until `GET /admin/dashboard` is wired. */
import NotificationsIcon from '@mui/icons-material/Notifications';
import PeopleIcon from '@mui/icons-material/People';
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import VideoLibraryIcon from '@mui/icons-material/VideoLibrary';
import { Alert, Box, Stack, Typography } from '@mui/material';
import { Title } from 'react-admin';
import { StatCard } from '../common/StatCard';
import { DASHBOARD_TEXTS, SCREEN_TITLES, SHELL } from '../domain';

export function Dashboard() {
  return (
    <Box sx={{ p: 3 }}>
      <Title title={SCREEN_TITLES.dashboard} />
      <Typography variant="h4" component="h1">
        {SCREEN_TITLES.dashboard}
      </Typography>
      <Typography color="text.secondary" gutterBottom>
        {SHELL.dashboardGreeting}
      </Typography>
      <Alert severity="info" sx={{ my: 2 }}>
        {DASHBOARD_TEXTS.placeholder}
      </Alert>
      <Stack direction="row" useFlexGap flexWrap="wrap" gap={2}>
        <StatCard label={DASHBOARD_TEXTS.totalUsers} value="—" icon={<PeopleIcon />} />
        <StatCard label={DASHBOARD_TEXTS.totalVideos} value="—" icon={<VideoLibraryIcon />} />
        <StatCard label={DASHBOARD_TEXTS.totalMatches} value="—" icon={<EmojiEventsIcon />} />
        <StatCard label={DASHBOARD_TEXTS.notifications} value="—" icon={<NotificationsIcon />} />
      </Stack>
    </Box>
  );
}
