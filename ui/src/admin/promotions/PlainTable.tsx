import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** The promotions screens' tables: full width, a line under each row, header names from `columns`. */
export function PlainTable({ columns, children }: { columns: string[]; children: ReactNode }) {
  return (
    <Box component="table" sx={{ width: '100%', borderCollapse: 'collapse', '& td, & th': { p: 1.25, borderBottom: '1px solid #eee', textAlign: 'left', fontSize: 14 } }}>
      <thead>
        <tr>
          {columns.map((name) => (
            <th key={name}>{name}</th>
          ))}
        </tr>
      </thead>
      <tbody>{children}</tbody>
    </Box>
  );
}
