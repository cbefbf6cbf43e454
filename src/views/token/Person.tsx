import { displayName } from '../../app/format';
import type { PersonInfo } from '../../services/marketplace';

/** Avatar (when the account has one) and the seed's display name. */
export function Person({ person }: { person: PersonInfo }) {
  return (
    <span className="token-person">
      {person.avatar ? (
        <img className="token-avatar" src={person.avatar} alt="" width={32} height={32} loading="lazy" decoding="async" />
      ) : (
        <span className="token-avatar token-avatar-empty" aria-hidden="true" />
      )}
      <span className="token-person-name">{displayName(person)}</span>
    </span>
  );
}
