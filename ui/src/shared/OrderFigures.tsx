import Box from '@mui/material/Box';
import { formatRupees } from '@shop/contracts/money';
import { orderStatement, partyLines, printedRows, statementFigure, type OrderParty, type StatementSource } from '@shop/contracts/order-statement';
import { brand } from './theme.ts';

/**
 * An order's figures, row by row as the order statement gives them (items, each sale, coupon and
 * discount, delivery, gift wrap, the cash-on-delivery fee), its total, what a gift card paid and
 * what is left: the shopper's order pages and the back office render the same rows as the e-mail,
 * so they cannot disagree.
 */
export function OrderFigures({ order }: { order: StatementSource }) {
  const statement = orderStatement(order);
  return (
    <Box component="dl" data-testid="order-figures" sx={{ m: 0, mt: 1.5, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 0.5, '& dd': { m: 0, textAlign: 'right' } }}>
      {printedRows(statement).map((row, index) => (
        <Box key={`${row.kind}-${index}`} sx={{ display: 'contents', color: brand.muted }} data-testid="order-figure" data-kind={row.kind}>
          <dt>{row.label}</dt>
          <dd>{statementFigure(row)}</dd>
        </Box>
      ))}
      <Box sx={{ display: 'contents', fontWeight: 800, fontSize: 17 }}>
        <dt>Total</dt>
        <dd data-testid="order-total">{formatRupees(statement.total)}</dd>
      </Box>
      {statement.giftCard && (
        <>
          <Box sx={{ display: 'contents', color: brand.muted }} data-testid="order-gift-card-paid">
            <dt>{statement.giftCard.label}</dt>
            <dd>{formatRupees(-statement.giftCard.amount)}</dd>
          </Box>
          <Box sx={{ display: 'contents', fontWeight: 700 }}>
            <dt>{statement.due.label}</dt>
            <dd data-testid="order-due">{formatRupees(statement.due.amount)}</dd>
          </Box>
        </>
      )}
    </Box>
  );
}

/** A postal party (who pays, or who receives) as an address block. */
export function PartyAddress({ party, testId }: { party: OrderParty; testId: string }) {
  const [name, ...rest] = partyLines(party);
  return (
    <Box component="address" sx={{ fontStyle: 'normal', lineHeight: 1.6 }} data-testid={testId}>
      <strong>{name}</strong>
      {rest.map((line, index) => (
        <Box component="span" key={index} sx={{ display: 'block' }}>
          {line}
        </Box>
      ))}
      {party.phoneNumber && <Box component="span" sx={{ display: 'block' }}>Phone: {party.phoneNumber}</Box>}
    </Box>
  );
}
