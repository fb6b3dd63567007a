import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useAppSelector } from '../../store/store.ts';

const RATES = [0, 5, 12, 18, 28];
interface TaxClass {
  hsn: string;
  ratePercent: number;
}

/**
 * A product's or category's GST: its HSN code and rate, saved on their own (the product form and
 * the category dialog keep their own fields). A product without one is taxed as its category, a
 * category without one at the shop's default; orders already placed keep the tax they were placed with.
 */
export function TaxClassEditor({ owner, id }: { owner: 'products' | 'categories'; id: string }) {
  const token = useAppSelector((state) => state.session.token);
  const [value, setValue] = useState<TaxClass>({ hsn: '', ratePercent: 18 });
  const [note, setNote] = useState<string | null>(null);
  const url = `/api/admin/${owner}/${encodeURIComponent(id)}/tax-class`;
  const headers: Record<string, string> = token ? { Authorization: `Bearer ${token}` } : {};

  useEffect(() => {
    let current = true;
    void fetch(url, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
      .then(async (response) => (response.ok ? ((await response.json()) as { taxClass: TaxClass | null; default: TaxClass }) : null))
      .then((reply) => {
        if (!current || !reply) return;
        setValue(reply.taxClass ?? { hsn: '', ratePercent: reply.default.ratePercent });
        if (!reply.taxClass) setNote(owner === 'products' ? 'None of its own: taxed as its category' : `None set: taxed at the shop default (HSN ${reply.default.hsn}, ${reply.default.ratePercent}%)`);
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [url, token]);

  const save = async () => {
    const response = await fetch(url, { method: 'PUT', headers: { ...headers, 'Content-Type': 'application/json' }, body: JSON.stringify(value) }).catch(() => null);
    const reply = (await response?.json().catch(() => null)) as { msg?: string } | null;
    setNote(response?.ok ? 'GST saved' : (reply?.msg ?? 'The GST could not be saved'));
  };

  return (
    <Box sx={{ display: 'grid', gap: 1, mt: 2 }} data-testid="tax-class">
      <Typography sx={{ fontWeight: 700 }}>GST</Typography>
      <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField label="HSN code" size="small" value={value.hsn} onChange={(e) => setValue({ ...value, hsn: e.target.value.trim() })} slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 8 } }} />
        <TextField select label="GST rate" size="small" value={value.ratePercent} onChange={(e) => setValue({ ...value, ratePercent: Number(e.target.value) })} sx={{ minWidth: 120 }}>
          {RATES.map((rate) => (
            <MenuItem key={rate} value={rate}>{`${rate}%`}</MenuItem>
          ))}
        </TextField>
        <Button type="button" variant="outlined" onClick={() => void save()}>
          Save GST
        </Button>
      </Box>
      {note && <Typography role="status" sx={{ fontSize: 14 }}>{note}</Typography>}
    </Box>
  );
}
