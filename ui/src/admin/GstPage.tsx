import { useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { GstMonthSummary } from '@shop/contracts';
import { useAppSelector } from '../store/store.ts';
import { SectionPanel as Section } from '../shared/common.tsx';
import { downloadWithToken } from '../shared/TaxDocuments.tsx';

const rupees = (paise: number) => `Rs ${(paise / 100).toLocaleString('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
const thisMonth = () => new Date().toISOString().slice(0, 7);

/** /admin/gst: the month's GST for the accountant, by rate and by place of supply, and the CSVs the return is prepared from. */
export default function GstPage() {
  const token = useAppSelector((state) => state.session.token);
  const [month, setMonth] = useState(thisMonth);
  const [summary, setSummary] = useState<GstMonthSummary | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let current = true;
    void fetch(`/api/admin/gst/summary?month=${encodeURIComponent(month)}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} })
      .then(async (response) => {
        const body = (await response.json()) as GstMonthSummary & { msg?: string };
        if (!current) return;
        setSummary(response.ok ? body : null);
        setProblem(response.ok ? null : (body.msg ?? 'The summary could not be loaded'));
      })
      .catch(() => current && setProblem('The summary could not be loaded'));
    return () => {
      current = false;
    };
  }, [month, token]);

  const csv = async (table: 'b2cs' | 'hsn') => setProblem(await downloadWithToken(`/api/admin/gst/summary.csv?month=${month}&table=${table}`, token, `gst-${table}-${month}.csv`));

  return (
    <Box sx={{ display: 'grid', gap: 2 }} data-testid="admin-gst">
      <Typography component="h1" variant="h5" sx={{ fontWeight: 800 }}>
        GST
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
        <TextField type="month" label="Month" size="small" value={month} onChange={(event) => event.target.value && setMonth(event.target.value)} />
        <Button variant="outlined" onClick={() => void csv('b2cs')}>
          B2C by state and rate (CSV)
        </Button>
        <Button variant="outlined" onClick={() => void csv('hsn')}>
          HSN summary (CSV)
        </Button>
      </Box>
      {problem && <Typography role="status">{problem}</Typography>}
      {summary && (
        <>
          <Section title="The month">
            <Typography data-testid="gst-counts">{`${summary.invoices} invoices, ${summary.creditNotes} credit notes`}</Typography>
            <Typography>{`Taxable value ${rupees(summary.totals.taxablePaise)} · CGST ${rupees(summary.totals.cgstPaise)} · SGST ${rupees(summary.totals.sgstPaise)} · IGST ${rupees(summary.totals.igstPaise)}`}</Typography>
          </Section>
          <Section title="By rate">
            <AmountsTable rows={summary.byRate.map((row) => ({ key: String(row.ratePercent), label: `${row.ratePercent}%`, ...row }))} />
          </Section>
          <Section title="By place of supply">
            <AmountsTable rows={summary.byPlaceOfSupply.map((row) => ({ key: `${row.stateCode}-${row.ratePercent}`, label: `${row.stateCode}-${row.placeOfSupply}, ${row.ratePercent}%`, ...row }))} />
          </Section>
        </>
      )}
    </Box>
  );
}

function AmountsTable({ rows }: { rows: { key: string; label: string; taxablePaise: number; cgstPaise: number; sgstPaise: number; igstPaise: number }[] }) {
  if (rows.length === 0) return <Typography>Nothing invoiced this month.</Typography>;
  return (
    <Box sx={{ overflowX: 'auto' }}>
      <Box component="table" sx={{ borderCollapse: 'collapse', width: '100%', '& th, & td': { textAlign: 'left', p: 0.75, fontSize: 14 } }}>
        <thead>
          <tr>
            <th />
            <th>Taxable value</th>
            <th>CGST</th>
            <th>SGST</th>
            <th>IGST</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              <td>{row.label}</td>
              <td>{rupees(row.taxablePaise)}</td>
              <td>{rupees(row.cgstPaise)}</td>
              <td>{rupees(row.sgstPaise)}</td>
              <td>{rupees(row.igstPaise)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}
