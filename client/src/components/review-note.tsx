/**
 * Under a field someone else saved while this form was open: their value
 * and, when this user typed another one there, the choice between the two
 * (hooks/use-form.ts, `rebase`). The field itself holds what this user typed.
 */
export function ReviewNote({ theirs, clash, onPick }: { theirs: string; clash: boolean; onPick: (which: 'theirs' | 'mine') => void }) {
  const shown = theirs === '' ? <em>(vazio)</em> : <strong>{theirs}</strong>;
  if (!clash) return <span className="review-note text-body">Atualizado por outra pessoa: {shown}</span>;
  return (
    <span className="review-note review-clash d-block border border-warning rounded p-2 mt-1 text-body">
      Salvo por outra pessoa: {shown}. No campo está o que você digitou.
      <span className="d-flex flex-wrap gap-2 mt-2">
        <button type="button" className="btn btn-sm btn-warning btn-touch" onClick={() => onPick('theirs')}>
          Usar o salvo
        </button>
        <button type="button" className="btn btn-sm btn-light btn-touch" onClick={() => onPick('mine')}>
          Manter o meu
        </button>
      </span>
    </span>
  );
}
