import { buttonClass } from '../../src/components/button';
import { formatLondon } from '../../src/rules/uk-time';

/** The offer to bring back text this browser kept and the server does not have. */
export function RestoreOffer({
  savedAt,
  onRestore,
  onDiscard,
}: {
  savedAt: number;
  onRestore: () => void;
  onDiscard: () => void;
}) {
  return (
    <div className="admin-notice admin-notice--info post-editor__restore" role="status">
      <p>{`This browser kept text you had not saved (${formatLondon(savedAt)}). Bring it back?`}</p>
      <div className="admin-form__actions">
        <button type="button" className={buttonClass('default', 'sm')} onClick={onRestore}>
          Restore my text
        </button>
        <button type="button" className={buttonClass('ghost', 'sm')} onClick={onDiscard}>
          Discard it
        </button>
      </div>
    </div>
  );
}
