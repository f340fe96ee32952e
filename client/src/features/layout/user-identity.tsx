// The signed-in user's avatar, name and role, in the side nav and in the top bar's user menu.
import { useAppSelector } from '../../hooks/store';
import { initials, roleLabel } from '../../lib/roles';

/** `block` names the CSS classes (`{block}-text`, `-name`, `-role`); `textClassName` is added to the text. */
export default function UserIdentity({ block, avatarClassName, textClassName }: { block: string; avatarClassName: string; textClassName?: string }) {
  const name = useAppSelector((s) => s.auth.name);
  const role = useAppSelector((s) => s.auth.role);
  return (
    <>
      <span className={`avatar ${avatarClassName}`} aria-hidden="true">
        {initials(name)}
      </span>
      <span className={textClassName ? `${block}-text ${textClassName}` : `${block}-text`}>
        <span className={`${block}-name`}>{name}</span>
        <span className={`${block}-role`}>{roleLabel(role, '')}</span>
      </span>
    </>
  );
}
