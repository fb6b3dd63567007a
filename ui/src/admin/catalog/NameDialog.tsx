import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import { adminSubcategoryInput } from '@shop/contracts/admin-api';
import { useId, useState, type FormEvent } from 'react';
import { validate } from './formErrors.ts';
import { SaveActions } from './SaveActions.tsx';

/** A one-field dialog (a subcategory's name), checked with the contract's schema before `onSave`. */
export function NameDialog({ title, initial = '', busy, onSave, onClose }: { title: string; initial?: string; busy: boolean; onSave: (name: string) => void; onClose: () => void }) {
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string>();
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = validate(adminSubcategoryInput, { name });
    if (checked.errors) setError(checked.errors.name);
    else onSave(checked.data.name);
  };
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="xs" aria-labelledby={titleId}>
      <Box component="form" noValidate onSubmit={submit}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            margin="dense"
            label="Name"
            value={name}
            onChange={(e) => {
              setName(e.target.value);
              setError(undefined);
            }}
            error={Boolean(error)}
            helperText={error}
          />
        </DialogContent>
        <SaveActions onClose={onClose} busy={busy} />
      </Box>
    </Dialog>
  );
}
