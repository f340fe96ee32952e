/**
 * An e-mail address that, when it must wrap (a list's card on a phone),
 * breaks after its "@" rather than inside a word. `<wbr>` rather than a
 * zero-width space, which a copied address would carry along.
 */
export function Email({ address }: { address: string }) {
  const at = address.indexOf('@');
  if (at < 0) return <>{address}</>;
  return (
    <>
      {address.slice(0, at + 1)}
      <wbr />
      {address.slice(at + 1)}
    </>
  );
}
