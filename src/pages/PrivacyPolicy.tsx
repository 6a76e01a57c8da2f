/** /privacy-policy: public, outside the shell. */
import { Box, Container, Link, Stack, Typography } from '@mui/material';
import { STORE_LINKS, SUPPORT_EMAIL, SUPPORT_PHONE } from '../config';
import { PRIVACY, SHELL } from '../domain';

export function PrivacyPolicy() {
  return (
    <Container component="main" maxWidth="md" sx={{ py: 6 }}>
      <Typography variant="h3" component="h1" gutterBottom>
        {PRIVACY.title}
      </Typography>
      <Typography paragraph>{PRIVACY.intro}</Typography>
      {PRIVACY.sections.map((section) => (
        <Box component="section" key={section.heading} sx={{ mb: 3 }}>
          <Typography variant="h5" component="h2" gutterBottom>
            {section.heading}
          </Typography>
          <Box component="ul" sx={{ pl: 3, m: 0 }}>
            {section.items.map((item) => (
              <Typography component="li" key={item} sx={{ mb: 0.5 }}>
                {item}
              </Typography>
            ))}
          </Box>
        </Box>
      ))}
      <Box component="section" sx={{ mb: 3 }}>
        <Typography variant="h5" component="h2" gutterBottom>
          {PRIVACY.contactHeading}
        </Typography>
        <Typography>{PRIVACY.contactLine}</Typography>
        <Typography>
          {PRIVACY.emailLabel}: <Link href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</Link>
        </Typography>
        <Typography>
          {PRIVACY.phoneLabel}: <Link href={`tel:${SUPPORT_PHONE.replace(/\s+/g, '')}`}>{SUPPORT_PHONE}</Link>
        </Typography>
      </Box>
      <Typography paragraph>{PRIVACY.availability}</Typography>
      <Stack direction="row" spacing={2} sx={{ mb: 4 }}>
        <Link href={STORE_LINKS.googlePlay} target="_blank" rel="noopener noreferrer">
          {PRIVACY.googlePlay}
        </Link>
        <Link href={STORE_LINKS.appStore} target="_blank" rel="noopener noreferrer">
          {PRIVACY.appStore}
        </Link>
      </Stack>
      <Typography variant="caption" color="text.secondary">
        {SHELL.footer(new Date().getFullYear())}
      </Typography>
    </Container>
  );
}
