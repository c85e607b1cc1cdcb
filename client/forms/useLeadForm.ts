import { type ChangeEvent, type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { formElementId } from '../../src/leads/field-names';
import { FORM_ERROR, type FormState } from '../../src/leads/form-state';
import { SEND_FAILED_MESSAGE } from '../../src/leads/messages';
import type { LeadFormName } from '../../src/leads/schemas';
import { PHOTO_FIELD, smallPhotoField } from '../../src/rules/photo-fields';
import type { FieldErrors, Validation } from '../../src/rules/validation';
import { loadToaster } from './browser';
import { usePhotoPicker } from './usePhotoPicker';

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

declare global {
  interface Window {
    turnstile?: { reset: (widget?: string) => void };
  }
}

export interface LeadFormOptions {
  form: LeadFormName;
  /** The form's fields in display order (the first invalid one gets focus). */
  fields: readonly string[];
  validate: (values: Record<string, string>) => Validation<unknown>;
  state: FormState;
  /** Values a cleared form starts from (the quote form keeps its preselected service). */
  blank: Record<string, string>;
  /** The success toast and the sent panel's heading, for what was sent (the quote names its service). */
  success: (values: Record<string, string>) => { title: string; description: string };
  /** Field values the visitor typed before the island started (see client/main.ts). */
  typedBeforeStart?: Record<string, string>;
}

const withoutEmpty = (errors: FieldErrors) => Object.fromEntries(Object.entries(errors).filter(([, message]) => message));

/** A stored send: the reference the owner sees in the admin, and what the panel says. */
export interface SentLead {
  reference?: string;
  message: { title: string; description: string };
  /** When to expect a call and whether the line is open, as the server worked them out at the send. */
  callBack?: string;
  lineOpen?: boolean;
}

/**
 * The behaviour both lead islands share: inline validation with the shared schema, the photos,
 * the busy state, the send (multipart, as the form would post it, asking for a JSON answer), the
 * toasts, on success the sent panel in the form's place (the form cleared behind it) until the
 * visitor asks for another, and keeping entries on failure.
 */
export function useLeadForm({ form, fields, validate, state, blank, success, typedBeforeStart }: LeadFormOptions) {
  const [values, setValues] = useState<Record<string, string>>(() => ({ ...blank, ...state.values }));
  const [errors, setErrors] = useState<FieldErrors>(state.errors);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<SentLead | null>(null);
  const [token, setToken] = useState(state.token ?? '');
  // Native browser validation until hydrated (no JavaScript), the schema's messages after.
  const [hydrated, setHydrated] = useState(false);
  // Messages appear once a send is tried, then follow every keystroke; a field that shows a
  // message re-checks as it is corrected. (No checks on blur: a message appearing as the
  // visitor clicks Send would move the button from under the click.)
  const attempted = useRef(false);
  // A photo picked or removed makes the server's message about the photos out of date.
  const photos = usePhotoPicker(() => setErrors((current) => withoutEmpty({ ...current, [PHOTO_FIELD]: '' })));

  // Hydration matched the server's (empty) fields; put back what was typed meanwhile, before paint.
  useLayoutEffect(() => {
    const typed = Object.entries(typedBeforeStart ?? {}).filter(([name]) => fields.includes(name));
    if (typed.length > 0) setValues((current) => ({ ...current, ...Object.fromEntries(typed) }));
  }, [typedBeforeStart, fields]);

  useEffect(() => {
    setHydrated(true);
    if (state.token) return;
    // A page served without a token: fetch one so the send is not refused.
    fetch(`/api/form-token?form=${form}`)
      .then((res) => (res.ok ? (res.json() as Promise<{ token?: string }>) : null))
      .then((data) => {
        if (data?.token) setToken(data.token);
      })
      .catch((error: unknown) => console.warn('form token unavailable', error));
  }, [form, state.token]);

  /** Re-checks fields against the whole schema and updates only their messages. */
  function recheck(names: readonly string[], next: Record<string, string>) {
    const result = validate(next);
    const messages = Object.fromEntries(names.map((name) => [name, result.ok ? '' : (result.errors[name] ?? '')]));
    setErrors((current) => withoutEmpty({ ...current, ...messages }));
  }

  function onChange(event: ChangeEvent<FieldElement>) {
    const { name, value } = event.target;
    const next = { ...values, [name]: value };
    setValues(next);
    // "As soon as possible" needs a phone number: choosing or leaving it re-judges the phone too.
    const judged = name === 'best-time' && (attempted.current || errors.phone) ? [name, 'phone'] : [name];
    if (attempted.current || errors[name] || judged.length > 1) recheck(judged, next);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    const element = event.currentTarget;
    attempted.current = true;
    const result = validate(values);
    if (!result.ok) {
      setErrors(result.errors);
      const first = fields.find((field) => result.errors[field]);
      const control = first ? element.elements.namedItem(first) : null;
      if (control instanceof HTMLElement) control.focus();
      return;
    }
    setErrors({});
    setBusy(true);
    // Everything the form holds (the fields, the token, the hidden field, Turnstile's answer) and
    // the photos kept here in place of the input's own (emptied after each pick), each with its
    // small version (smallPhoto<n>) when it has one.
    const body = new FormData(element);
    body.delete(PHOTO_FIELD);
    // A photo picked just before Send may still be on its way in (a slow phone): it goes too.
    for (const [index, photo] of (await photos.settled()).entries()) {
      body.append(PHOTO_FIELD, photo.file, photo.file.name);
      if (photo.small) body.append(smallPhotoField(index + 1), photo.small, photo.small.name);
    }
    try {
      const res = await fetch(element.action, { method: 'POST', headers: { Accept: 'application/json' }, body });
      const data = (await res.json().catch(() => ({}))) as {
        ok?: boolean;
        reference?: string;
        callBack?: string;
        lineOpen?: boolean;
        error?: string;
        fields?: FieldErrors;
      };
      if (res.status !== 202 || !data.ok) {
        setErrors(data.fields ?? (data.error ? { [FORM_ERROR]: data.error } : {}));
        throw new Error(`${form} form: HTTP ${res.status}${data.error ? ` ${data.error}` : ''}`);
      }
      const message = success(values);
      void loadToaster().then((toaster) => toaster?.showToast({ ...message, variant: 'default' }));
      setSent({ reference: data.reference, message, callBack: data.callBack, lineOpen: data.lineOpen });
      setValues({ ...blank });
      photos.clear();
      attempted.current = false;
      window.turnstile?.reset();
    } catch (error) {
      console.error('The form could not be sent', error);
      void loadToaster().then((toaster) => toaster?.showToast({ ...SEND_FAILED_MESSAGE, variant: 'destructive' }));
    } finally {
      setBusy(false);
    }
  }

  const field = (name: string) => ({ name, value: values[name] ?? '', error: errors[name], onChange });

  /** 'Send another message': the empty form back in the panel's place, its first field focused. */
  function another() {
    setSent(null);
    setErrors({});
    requestAnimationFrame(() => {
      const element = document.getElementById(formElementId(form));
      const first = element instanceof HTMLFormElement ? element.elements.namedItem(fields[0] ?? '') : null;
      if (first instanceof HTMLElement) first.focus();
    });
  }

  /** The first focus inside the form brings in the toast region (see ensureToaster). */
  const onFocus = () => void loadToaster().then((toaster) => toaster?.ensureToaster());

  return { field, errors, busy, token, hydrated, onSubmit, onFocus, photos, formError: errors[FORM_ERROR], sent, another };
}
