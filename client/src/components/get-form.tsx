/**
 * Pieces of the GET forms that make a list's filters work before the page's
 * script has run (docs/behaviour.md#before-the-scripts): the browser sends
 * the form to the address the server renders; once hydrated, each control
 * navigates on its own as it changes.
 */

/** The address's other parameters, carried by the form (empty ones left out). */
export function HiddenFields({ values }: { values: Record<string, string | number | null | undefined> }) {
  return (
    <>
      {Object.entries(values).map(([name, value]) =>
        value === null || value === undefined || value === '' ? null : <input key={name} type="hidden" name={name} value={value} />,
      )}
    </>
  );
}

/**
 * The form's submit button while the script has not run (a select or a date
 * changed then has nothing else to send it); gone once it has, as each
 * control then applies itself.
 */
export function ApplyBeforeScript({ ready, className = 'btn btn-sm btn-outline-primary btn-touch' }: { ready: boolean; className?: string }) {
  return ready ? null : (
    <button type="submit" className={className}>
      Aplicar
    </button>
  );
}
