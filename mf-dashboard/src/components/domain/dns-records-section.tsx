import styled from '@emotion/styled';
import { useId, useRef, useState } from 'react';
import { errorText } from 'shared/api-client';
import { DOMAIN_MESSAGES, isNullMx } from 'shared/schemas';
import { showToast } from 'shared/toast';
import { Button, Dialog, Notice, Table, theme, type Column } from 'shared/ui';
import { deleteDnsRecord } from '../../api/delete-dns-record';
import type { DnsRecord, DomainDetail } from '../../api/domain-schemas';
import { getDnsRecords } from '../../api/get-dns-records';
import { TableBox } from '../table-box';
import { ListState, useLoad } from 'shared/load';
import { Section } from './parts';
import { RecordDialog } from './record-dialog';

const Head = styled.div`
  display: flex; flex-wrap: wrap; gap: .75rem; align-items: center; justify-content: space-between; margin-bottom: .75rem;
  h2 { margin: 0; }
`;
const Value = styled.span`
  display: inline-block; max-width: 28ch; overflow-wrap: anywhere; white-space: normal; font-family: ui-monospace, monospace;
  font-size: .9rem;
`;
const RowActions = styled.div`
  display: flex; gap: .25rem;
  button { min-height: 40px; padding: .4rem .7rem; }
`;

const dataOf = (r: DnsRecord) =>
  r.type === 'MX' ? `${r.priority ?? 0} ${r.value}${isNullMx(r.value) ? ' (null MX: no mail)' : ''}` : r.type === 'CAA' ? `${r.flags ?? 0} ${r.tag ?? ''} "${r.value}"` : r.value;

/** The records our DNS server answers for the domain; shown and editable only while it uses our nameservers. */
export function DnsRecordsSection({ domain, onChanged }: { domain: DomainDetail; onChanged(): void }) {
  const records = useLoad(() => getDnsRecords(domain.domainname), { id: 'dashboard/dns-records', key: domain.domainname });
  const [editing, setEditing] = useState<DnsRecord | 'new' | null>(null);
  const [deleting, setDeleting] = useState<DnsRecord | null>(null);
  const [busy, setBusy] = useState(false);
  const zone = domain.domainname;
  // The name as the customer knows it (an IDN in Unicode) wherever the page names the domain.
  const shown = domain.domainname_unicode ?? zone;
  const canEdit = domain.uses_store_nameservers && !domain.read_only;
  const count = records.state === 'ready' ? records.data.length : 0;
  // After a delete the row's own button is gone: focus goes to 'Add record' (else the section's heading), not the page.
  const heading = useRef<HTMLHeadingElement>(null);
  const addId = useId();

  const saved = () => {
    records.reload();
    onChanged();
  };
  const remove = async (r: DnsRecord) => {
    setBusy(true);
    try {
      await deleteDnsRecord(zone, r.id);
      showToast('SUCCESS', 'DNS record deleted.');
      setDeleting(null);
      saved();
      requestAnimationFrame(() => (document.getElementById(addId) ?? heading.current)?.focus());
    } catch (e) {
      showToast('ERROR', errorText(e, 'The record could not be deleted.'));
    } finally {
      setBusy(false);
    }
  };

  const columns: Column<DnsRecord>[] = [
    { header: 'Name', cell: (r) => <Value>{r.name}</Value> },
    { header: 'Type', cell: (r) => r.type },
    { header: 'Value', cell: (r) => <Value>{dataOf(r)}</Value> },
    { header: 'TTL', cell: (r) => r.ttl },
    {
      header: 'Actions',
      cell: (r) => (
        <RowActions>
          <Button variant="ghost" disabled={!canEdit} aria-label={`Edit ${r.type} record ${r.name}`} onClick={() => setEditing(r)}>
            Edit
          </Button>
          <Button variant="ghost" disabled={!canEdit} aria-label={`Delete ${r.type} record ${r.name}`} onClick={() => setDeleting(r)}>
            Delete
          </Button>
        </RowActions>
      ),
    },
  ];

  return (
    <Section aria-labelledby="domain-dns">
      <Head>
        <h2 id="domain-dns" ref={heading} tabIndex={-1}>
          DNS records
        </h2>
        {canEdit ? (
          // Only once the records are known: while they load (or failed) the count is not known either.
          <Button id={addId} onClick={() => setEditing('new')} disabled={records.state !== 'ready' || count >= domain.max_dns_records}>
            Add record
          </Button>
        ) : null}
      </Head>
      {!domain.uses_store_nameservers ? (
        <Notice tone="info">{DOMAIN_MESSAGES.recordsNeedOurNameservers}</Notice>
      ) : (
        <>
          {domain.dns_served ? (
            <p>
              Answered by our nameservers within a second of each change.{' '}
              {records.state === 'ready' ? `${count} of ${domain.max_dns_records} records used; ` : ''}SOA serial {domain.dns_serial}.
            </p>
          ) : (
            <Notice tone="info">{DOMAIN_MESSAGES.notServed(domain.status)}</Notice>
          )}
          <ListState load={records} what="DNS records" columns={columns.length} empty="No DNS records yet. Add an A record for www to point it at your server." isEmpty={(l) => l.length === 0}>
            {(list) => (
              <TableBox>
                {/* On phones the shared table shows one card per record: name, type, value, TTL and the actions. */}
                <Table caption={`DNS records of ${shown}`} columns={columns} rows={list} rowKey={(r) => r.id} />
              </TableBox>
            )}
          </ListState>
        </>
      )}
      {editing ? (
        <RecordDialog
          key={editing === 'new' ? 'new' : editing.id}
          zone={zone}
          zoneName={shown}
          record={editing === 'new' ? undefined : editing}
          open
          onClose={() => setEditing(null)}
          onSaved={saved}
        />
      ) : null}
      <Dialog open={deleting !== null} title="Delete DNS record" onClose={() => setDeleting(null)}>
        {deleting ? (
          <>
            <p>
              Delete the {deleting.type} record of <strong>{deleting.fqdn}</strong> ({dataOf(deleting)})? Resolvers may keep
              it for up to {deleting.ttl} seconds.
            </p>
            <div style={{ display: 'flex', gap: '.75rem', flexWrap: 'wrap' }}>
              {/* Cancel first: the dialog focuses its first control, and Enter must not delete by accident. */}
              <Button variant="secondary" onClick={() => setDeleting(null)}>
                Cancel
              </Button>
              <Button variant="danger" disabled={busy} onClick={() => void remove(deleting)}>
                Delete
              </Button>
            </div>
          </>
        ) : null}
      </Dialog>
      <p style={{ color: theme.color.muted, fontSize: '.9rem', margin: '1rem 0 0' }}>
        Types: A, AAAA, CNAME, MX, TXT and CAA. TTL from 60 seconds to 1 day.
      </p>
    </Section>
  );
}
