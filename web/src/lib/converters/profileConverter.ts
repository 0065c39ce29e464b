import { profileFromData, type Profile } from '@harbor/domain';
import { readerConverter } from './readerConverter';

/** `users/{uid}` documents as the domain reads them. */
export const profileConverter = readerConverter<Profile>((_id, data) => profileFromData(data));
