/**
 * RESOURCES' promise, kept by the type check (`npm run typecheck`), not at run time: a list that
 * leaves out a declared entity's module does not compile, nor does a module named after no
 * resource. Each `@ts-expect-error` fails the type check if the line under it compiles.
 */
import { teams } from '../../src/domain/entities';
import { entityModule, type ResourceModule } from '../../src/resources/module';
import { RESOURCES, withEveryEntity } from '../../src/resources';

// The whole list compiles.
withEveryEntity(RESOURCES);

// Without the videos' module (the first), it does not.
const [videos, ...withoutVideos] = RESOURCES;
// @ts-expect-error modulesMissingFor: "videos"
withEveryEntity(withoutVideos);
withEveryEntity([...withoutVideos, videos]);

// A module named after no resource does not compile, whether written by hand or over a declaration named so.
// @ts-expect-error 'video' is not a resource name
export const misnamed: ResourceModule = { ...videos, name: 'video' };
// @ts-expect-error 'team' is no declared entity's name
entityModule({ ...teams, name: 'team' as const }, { icon: videos.icon });
