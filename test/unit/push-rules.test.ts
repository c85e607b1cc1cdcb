import { describe, expect, it } from 'vitest';
import { ALERT_ICON, alertFromPush } from '../../client/sw/alert-data';
import { ADMIN_ICONS } from '../../src/admin/shell/icons';
import { pushEndpointUrl } from '../../src/rules/push-subscription';
import { quietUntil } from '../../src/rules/quiet-hours';

describe('a push endpoint', () => {
  it('is on a known push service, or 127.0.0.1 over http only where loopback is allowed', () => {
    expect(pushEndpointUrl('https://fcm.googleapis.com/fcm/send/abc', false)?.host).toBe('fcm.googleapis.com');
    for (const accepted of [
      'https://web.push.apple.com/QGx',
      'https://api.push.apple.com/x',
      'https://updates.push.services.mozilla.com/wpush/v2/x',
      'https://push.services.mozilla.com/x',
      'https://wns2-by3p.notify.windows.com/w/?token=x',
      'https://FCM.GoogleAPIs.com:443/fcm/send/abc',
    ]) {
      expect(pushEndpointUrl(accepted, false), accepted).not.toBeNull();
    }
    for (const refused of [
      'https://8.8.8.8/push',
      'https://push.example.com/x',
      'https://localhost./x',
      'https://metadata.google.internal./x',
      'https://127.0.0.1.nip.io/x',
      'https://fcm.googleapis.com.nip.io/x',
      'https://fcm.googleapis.com./x',
      'https://fcm.googleapis.com:8443/x',
      'https://push.apple.com/x',
      'https://evilpush.apple.com/x',
      'https://a..push.apple.com/x',
      'https://notify.windows.com.evil.example/x',
      'https://[::ffff:127.0.0.1]/x',
      'https://2130706433/x',
      'http://fcm.googleapis.com/x',
      'https://127.0.0.1/x',
      'https://10.1.2.3/x',
      'https://172.20.0.1/x',
      'https://100.64.0.1/x',
      'https://169.254.169.254/x',
      'https://0.0.0.0/x',
      'https://[fd00::1]/x',
      'https://intranet/x',
      'https://printer.local/x',
      'https://user:pass@fcm.googleapis.com/x',
      'ftp://fcm.googleapis.com/x',
      'not a url',
    ]) {
      expect(pushEndpointUrl(refused, true), refused).toBeNull();
    }
    expect(pushEndpointUrl('http://127.0.0.1:9000/push/a', true)).not.toBeNull();
    expect(pushEndpointUrl('http://127.0.0.1:9000/push/a', false)).toBeNull();
  });
});

describe('quiet hours', () => {
  const at = (iso: string) => Date.parse(iso);

  it('across midnight: held until the end, in UK time whether GMT or BST', () => {
    // Winter (GMT): 23:30 UK is 23:30 UTC; 07:00 next day UK is 07:00 UTC.
    expect(quietUntil('22:00', '07:00', at('2026-01-14T23:30:00Z'))).toBe(at('2026-01-15T07:00:00Z'));
    // Summer (BST): 02:00 UK is 01:00 UTC; 07:00 UK is 06:00 UTC the same day.
    expect(quietUntil('22:00', '07:00', at('2026-07-15T01:00:00Z'))).toBe(at('2026-07-15T06:00:00Z'));
    // Outside them: nothing held.
    expect(quietUntil('22:00', '07:00', at('2026-07-15T12:00:00Z'))).toBeNull();
    // The end minute itself is no longer quiet.
    expect(quietUntil('22:00', '07:00', at('2026-01-15T07:00:00Z'))).toBeNull();
  });

  it('within a day, and none when unset or the same time twice', () => {
    expect(quietUntil('12:00', '14:00', at('2026-01-15T13:15:00Z'))).toBe(at('2026-01-15T14:00:00Z'));
    expect(quietUntil(null, null, at('2026-01-15T13:15:00Z'))).toBeNull();
    expect(quietUntil('12:00', '12:00', at('2026-01-15T12:15:00Z'))).toBeNull();
  });
});

describe('what the service worker shows', () => {
  const origin = 'https://www.example.com';

  it('shows the alert and opens only a page of the admin', () => {
    const shown = alertFromPush(
      JSON.stringify({ title: 'New request from Ann', body: 'Message', url: '/admin/leads/x', tag: 't' }),
      origin,
    );
    expect(shown).toEqual({ title: 'New request from Ann', body: 'Message', url: '/admin/leads/x', tag: 't' });
    for (const url of ['https://evil.example/admin', '//evil.example/admin/x', '/blog', 'javascript:alert(1)', 42]) {
      expect(alertFromPush(JSON.stringify({ title: 'x', url }), origin).url).toBe('/admin/leads');
    }
  });

  it("shows the admin's own icon", () => {
    expect(ALERT_ICON).toBe(ADMIN_ICONS[192]);
  });

  it('shows a plain alert for a push it cannot read', () => {
    expect(alertFromPush('not json', origin)).toEqual({
      title: 'New activity',
      body: 'Open the admin to see it.',
      url: '/admin/leads',
      tag: 'alert',
    });
    expect(alertFromPush(null, origin).title).toBe('New activity');
  });
});
