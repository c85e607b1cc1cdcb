import { useEffect, useState } from 'react';
import { buttonClass } from '../../../src/components/button';

export interface CopyFieldProps {
  id: string;
  label: string;
  value: string;
  /** The button's words. */
  button?: string;
  typedBeforeStart?: Record<string, string>;
}

/**
 * A read-only text to copy (a picture's link on the Media page). Without JavaScript it can be
 * selected and copied by hand; with it (an admin-only island) a Copy button does it.
 */
export default function CopyField({ id, label, value, button = 'Copy' }: CopyFieldProps) {
  const [mounted, setMounted] = useState(false);
  const [copied, setCopied] = useState<'yes' | 'no' | undefined>();
  useEffect(() => setMounted(true), []);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  };

  return (
    <div className="copy-field">
      <label className="visually-hidden" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="lead-form__control copy-field__text"
        type="text"
        value={value}
        readOnly
        onFocus={(e) => e.target.select()}
      />
      {mounted && (
        <button type="button" className={buttonClass('outline', 'sm')} onClick={copy}>
          {button}
        </button>
      )}
      <span className="copy-field__status" role="status">
        {copied === 'yes' ? 'Copied' : copied === 'no' ? 'Select the text and copy it' : ''}
      </span>
    </div>
  );
}
