/**
 * /registrations/{id}, 'Registration Details': who submitted it and when, Basic Information (the
 * government ID masked, with Show), Location, Playing Info and the registration's players; the
 * status badge with Approve and Reject; Edit and Delete.
 * A failed load says so (the server's message, else 'Failed to fetch registration details.') and
 * goes back to the list.
 */
import PersonIcon from '@mui/icons-material/Person';
import { Avatar, Box, Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { useRecordContext } from 'react-admin';
import { detailTexts, Fact, mediaUrl, ResourceShow, StatusChip } from '../../common';
import { REGISTRATION_TEXTS } from '../../domain';
import { registrations } from '../../domain/entities';
import { GovernmentIdNumber } from './GovernmentIdNumber';
import { RegistrationNoticeLine } from './RegistrationNoticeLine';
import { formatDay, fullName, orNA, registrationDeleteProps, StatusButtons, type Registration, type RegistrationPlayer } from './RegistrationParts';
import { SubmittedLine } from './SubmittedLine';

const T = REGISTRATION_TEXTS;
const { fields } = registrations;
const facts = { display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 180px), 1fr))' };

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card variant="outlined" component="section" aria-label={title}>
      <CardContent>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 2 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}

function PlayerCard({ player }: { player: RegistrationPlayer }) {
  const name = fullName(player);
  return (
    <Card variant="outlined" component="article" aria-label={name}>
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Avatar src={mediaUrl(player.photo)} alt={player.photo ? T.playerPhoto(name) : undefined} sx={{ width: 56, height: 56 }}>
            <PersonIcon />
          </Avatar>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="subtitle2" component="h4" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {name}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {formatDay(player.dob)}
            </Typography>
          </Box>
        </Stack>
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(3, minmax(0, 1fr))' }}>
          <Fact label={fields.playingRole.label}>{orNA(player.playingRole)}</Fact>
          <Fact label={fields.battingStyle.label}>{orNA(player.battingStyle)}</Fact>
          <Fact label={T.bowlingStyle}>{orNA(player.bowlingStyle)}</Fact>
        </Box>
      </CardContent>
    </Card>
  );
}

function RegistrationDetails() {
  const record = useRecordContext<Registration>()!;
  const players = record.players ?? [];
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Card variant="outlined">
        <CardContent sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2 }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography variant="h5" component="h2" sx={{ overflowWrap: 'anywhere' }}>
              {fullName(record)}
            </Typography>
            <SubmittedLine />
            <RegistrationNoticeLine />
          </Box>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <StatusChip status={record.status} />
            <StatusButtons />
          </Stack>
        </CardContent>
      </Card>
      <Section title={T.basicInformation}>
        <Box sx={facts}>
          <Fact label={fields.email.label}>
            <Box component="span" sx={{ overflowWrap: 'anywhere' }}>
              {orNA(record.email)}
            </Box>
          </Fact>
          <Fact label={fields.phone.label}>{orNA(record.phone)}</Fact>
          <Fact label={fields.DOB.label}>{formatDay(record.DOB)}</Fact>
          <Fact label={fields.GovernmentIdType.label}>{orNA(record.GovernmentIdType)}</Fact>
          <Fact label={fields.GovernmentIdNumber.label}>
            <GovernmentIdNumber />
          </Fact>
        </Box>
      </Section>
      <Section title={T.location}>
        <Box sx={facts}>
          <Fact label={fields.state.label}>{orNA(record.state?.name)}</Fact>
          <Fact label={fields.district.label}>{orNA(record.district?.name)}</Fact>
          <Fact label={fields.city.label}>{orNA(record.city?.name)}</Fact>
          <Fact label={fields.area.label}>{orNA(record.area)}</Fact>
          <Fact label={T.pinCode}>{orNA(record.pinCode)}</Fact>
          <Fact label={fields.address.label}>{orNA(record.address)}</Fact>
        </Box>
      </Section>
      <Section title={T.playingInfo}>
        <Box sx={facts}>
          <Fact label={fields.playingRole.label}>{orNA(record.playingRole)}</Fact>
          <Fact label={fields.battingStyle.label}>{orNA(record.battingStyle)}</Fact>
        </Box>
      </Section>
      {players.length > 0 && (
        <Section title={T.players}>
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(min(100%, 260px), 1fr))' }}>
            {players.map((player) => (
              <PlayerCard key={player._id} player={player} />
            ))}
          </Box>
        </Section>
      )}
    </Box>
  );
}

export const RegistrationShow = () => (
  <ResourceShow texts={detailTexts(T, T.notFound)} delete={registrationDeleteProps} leaveOnLoadError>
    <RegistrationDetails />
  </ResourceShow>
);
