/** What the player screens share: the record type, its picture and its team. */
import PersonIcon from '@mui/icons-material/Person';
import { Avatar } from '@mui/material';
import { useRecordContext, type RaRecord } from 'react-admin';
import { mediaUrl, type OwnValues } from '../../common';
import { PLAYER_TEXTS } from '../../domain';

type TeamRef = { _id: string; name: string; coach?: string | null };

/** The API's player as the screens read it; lists carry the team as `team`, the detail as `team_id`. */
export type Player = RaRecord & {
  name: string;
  age?: number | null;
  image?: string | null;
  isActive?: boolean;
  playingRole?: string | null;
  videoUrl?: string | null;
  createdAt: string;
  team_id?: TeamRef | null;
  team?: TeamRef | null;
  bowling?: { _id: string; style: string } | null;
  batting?: { _id: string; battingsType: string; description?: string | null } | null;
  battingOrder?: { _id: string; order: number; position: string } | null;
};

export const teamOf = (player: Player) => player.team_id ?? player.team ?? null;

/** The player's picture, round, or a person icon when there is none. */
export const PlayerAvatar = ({ player, size = 40 }: { player: Pick<Player, 'image' | 'name'>; size?: number }) => (
  <Avatar src={mediaUrl(player.image)} alt={player.name} sx={{ width: size, height: size }}>
    <PersonIcon sx={{ fontSize: size * 0.6 }} />
  </Avatar>
);

const Picture = () => <PlayerAvatar player={useRecordContext<Player>()!} />;
const TeamName = () => <>{teamOf(useRecordContext<Player>()!)?.name ?? PLAYER_TEXTS.noTeam}</>;

/** The picture as an avatar and the team by the name the record carries (no second request). */
export const PLAYER_VALUES: OwnValues = { image: <Picture />, team_id: <TeamName /> };
