import { useMemo, useState } from 'react';
import { errorText } from 'shared/api-client';
import { CAA_TAGS, DNS_RECORD_TYPES, DNS_TTL_DEFAULT, dnsRecordSchema, relativeName, type DnsRecordType } from 'shared/schemas';
import { showToast } from 'shared/toast';
import { Button, Dialog, LoadingOverlay, Select, TextArea, TextField, useSchemaForm } from 'shared/ui';
import { createDnsRecord } from '../../api/create-dns-record';
import type { DnsRecord } from '../../api/domain-schemas';
import { updateDnsRecord } from '../../api/update-dns-record';
import { ErrorText, serverFieldErrors } from './parts';

type Field = 'name' | 'type' | 'ttl' | 'value' | 'priority' | 'flags' | 'tag';

const VALUE_LABEL: Record<DnsRecordType, string> = {
  A: 'IPv4 address',
  AAAA: 'IPv6 address',
  CNAME: 'Target host name',
  MX: 'Mail server',
  TXT: 'Text',
  CAA: 'Value',
};
const VALUE_HINT: Record<DnsRecordType, string> = {
  A: 'Like 192.0.2.1.',
  AAAA: 'Like 2001:db8::1.',
  CNAME: 'Like target.example.net. A CNAME must be the only record at its name, and cannot be at @.',
  MX: 'Like mail.example.com, or . (a null MX, priority 0) for a name that takes no mail.',
  TXT: 'Up to 2048 characters; text longer than 255 characters is split into several strings for you. Quoted strings pasted from a provider ("…" "…") are joined.',
  CAA: "For issue and issuewild: a certificate authority's domain, like letsencrypt.org. For iodef: a mailto: or https: address.",
};

const TYPE_OPTIONS = DNS_RECORD_TYPES.map((t) => ({ value: t, label: t }));
const TAG_OPTIONS = CAA_TAGS.map((t) => ({ value: t, label: t }));
const FLAG_OPTIONS = [
  { value: '0', label: '0' },
  { value: '128', label: '128 (critical)' },
];

/**
 * The name field of a stored record: its short name, or its full name with the final dot when the short one would be
 * read as another (a record at www.example.com.example.com is 'www.example.com', which the form reads as 'www').
 */
const nameInForm = (r: DnsRecord | undefined, zone: string) => (!r ? '' : relativeName(r.name, zone) === r.name ? r.name : `${r.fqdn}.`);

const toForm = (zone: string, r?: DnsRecord): Record<Field, string> => ({
  type: r?.type ?? 'A',
  name: nameInForm(r, zone),
  value: r?.value ?? '',
  ttl: String(r?.ttl ?? DNS_TTL_DEFAULT),
  priority: r?.priority === null || r?.priority === undefined ? '10' : String(r.priority),
  flags: r?.flags === null || r?.flags === undefined ? '0' : String(r.flags),
  tag: r?.tag ?? 'issue',
});

/** Add or edit one record: the shared schema shows its messages at the field; the API's answer lands there too. */
export function RecordDialog({
  zone,
  zoneName = zone,
  record,
  open,
  onClose,
  onSaved,
}: {
  zone: string;
  /** The domain as the page shows it (Unicode for an IDN); `zone` is its punycode. */
  zoneName?: string;
  record?: DnsRecord;
  open: boolean;
  onClose(): void;
  onSaved(): void;
}) {
  const schema = useMemo(() => dnsRecordSchema(zone, zoneName), [zone, zoneName]);
  const [server, setServer] = useState<Record<string, string>>({});
  const form = useSchemaForm(schema, toForm(zone, record), async (body) => {
    setServer({});
    try {
      // The name goes as its full name with the final dot: the API reads a short one again, and one that ends in the
      // zone's own name ('www.example.com' under example.com) would lose the zone a second time.
      const sent = { ...body, name: body.name === '@' ? '@' : `${body.name}.${zone}.` };
      if (record) await updateDnsRecord(zone, record.id, sent);
      else await createDnsRecord(zone, sent);
      showToast('SUCCESS', record ? 'DNS record saved.' : 'DNS record added.');
      onSaved();
      onClose();
    } catch (e) {
      const errors = serverFieldErrors(e);
      setServer(Object.keys(errors).length ? errors : { non_field_errors: errorText(e, 'The record could not be saved.') });
    }
  });
  const type = form.values.type as DnsRecordType;
  const field = (name: Field) => {
    const f = form.field(name);
    return {
      ...f,
      error: server[name] ?? f.error,
      onChange(event: Parameters<typeof f.onChange>[0]) {
        if (server[name]) setServer(({ [name]: _gone, ...rest }) => rest);
        f.onChange(event);
      },
    };
  };

  return (
    <Dialog open={open} title={record ? 'Edit DNS record' : 'Add DNS record'} onClose={onClose}>
      <form onSubmit={form.onSubmit} noValidate style={{ position: 'relative' }}>
        <LoadingOverlay show={form.submitting} label="Saving…" />
        <Select label="Type" options={TYPE_OPTIONS} {...field('type')} />
        <TextField
          label="Name"
          hint={`Like www, or @ for ${zoneName} itself.`}
          autoComplete="off"
          spellCheck={false}
          {...field('name')}
        />
        {type === 'TXT' ? (
          <TextArea label={VALUE_LABEL[type]} hint={VALUE_HINT[type]} spellCheck={false} {...field('value')} />
        ) : (
          <TextField label={VALUE_LABEL[type]} hint={VALUE_HINT[type]} autoComplete="off" spellCheck={false} {...field('value')} />
        )}
        {type === 'MX' ? <TextField label="Priority" inputMode="numeric" hint="0 to 65535; lower is tried first." {...field('priority')} /> : null}
        {type === 'CAA' ? (
          <>
            <Select label="Tag" options={TAG_OPTIONS} {...field('tag')} />
            <Select label="Flags" options={FLAG_OPTIONS} {...field('flags')} />
          </>
        ) : null}
        <TextField label="TTL (seconds)" inputMode="numeric" hint="From 60 (1 minute) to 86400 (1 day). Records of one name and type share one TTL: saving this one sets theirs too." {...field('ttl')} />
        {server.non_field_errors ? <ErrorText role="alert">{server.non_field_errors}</ErrorText> : null}
        <div style={{ display: 'flex', gap: '.75rem', flexWrap: 'wrap', marginTop: '.5rem' }}>
          <Button type="submit" disabled={form.submitting}>
            {record ? 'Save record' : 'Add record'}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
