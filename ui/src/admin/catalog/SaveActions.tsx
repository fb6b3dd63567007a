import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import { BusyButton } from '../../shared/common.tsx';

/** A catalog form dialog's buttons: Cancel, and Save (the form's submit) showing "Saving…" while busy. */
export function SaveActions({ onClose, busy }: { onClose: () => void; busy: boolean }) {
  return (
    <DialogActions>
      <Button onClick={onClose}>Cancel</Button>
      <BusyButton type="submit" variant="contained" busy={busy} busyLabel="Saving…">
        Save
      </BusyButton>
    </DialogActions>
  );
}
