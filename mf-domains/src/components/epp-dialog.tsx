import { useState, type FormEvent } from 'react';
import { Button, Dialog, TextField } from 'shared/ui';

interface EppDialogProps {
  /** The domain being transferred; null keeps the dialog closed. */
  domain: string | null;
  busy: boolean;
  onClose(): void;
  onTransfer(eppCode: string): void;
}

/** 'Enter EPP Code' (search page in transfer mode): the code is optional here (spec section 5). Give it a `key` per domain so each opening starts empty. */
export function EppDialog({ domain, busy, onClose, onTransfer }: EppDialogProps) {
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onTransfer(code.trim());
  };
  return (
    <Dialog open={domain !== null} title="Enter EPP Code" onClose={onClose}>
      <form onSubmit={submit}>
        <p>
          Transfer <strong>{domain}</strong> to us. The EPP code (authorisation code) comes from your current registrar.
        </p>
        <TextField label="EPP Code" name="epp_code" autoComplete="off" value={code} onChange={(e) => setCode(e.target.value)} disabled={busy} />
        <Button type="submit" disabled={busy}>
          Transfer
        </Button>
      </form>
    </Dialog>
  );
}
