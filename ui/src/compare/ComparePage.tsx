import CompareArrowsIcon from '@mui/icons-material/CompareArrows';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useGetProductQuery } from '../api/shopApi.ts';
import { EmptyState, PageFrame } from '../shared/common.tsx';
import { CompareTable, type CompareColumn } from './CompareTable.tsx';
import { clearCompare, COMPARE_MAX, removeFromCompare, useCompareList, type CompareItem } from '../shared/compareList.ts';

/** The catalog's current copy of one compared product (prices and stock are never stale). */
function useColumn(item: CompareItem | undefined): CompareColumn | undefined {
  const query = useGetProductQuery(item?.id ?? '', { skip: !item });
  if (!item) return undefined;
  // An error here is a product the catalog no longer has (or cannot give): it can only be removed.
  return { item, product: query.data, state: query.data ? 'ready' : query.isError ? 'gone' : 'loading' };
}

/** /compare: the products in the compare tray side by side (up to four, kept in local storage). */
export default function ComparePage() {
  const items = useCompareList();
  // One query slot per place in the list (COMPARE_MAX is 4): hooks must run in a fixed number.
  const columns = [useColumn(items[0]), useColumn(items[1]), useColumn(items[2]), useColumn(items[3])].filter((c): c is CompareColumn => c !== undefined);
  return (
    <PageFrame title="Compare Products" subtitle={items.length ? `${items.length} of ${COMPARE_MAX} products` : undefined} testId="compare-page">
      {items.length === 0 ? (
        <EmptyState icon={<CompareArrowsIcon />} message="No products to compare yet" hint="Use Add to Compare on a product page to see products side by side." testId="compare-empty" />
      ) : (
        <>
          <CompareTable columns={columns} onRemove={(item) => removeFromCompare(item.id)} />
          <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
            <Button variant="text" onClick={clearCompare} data-testid="compare-clear">
              Clear all
            </Button>
          </Box>
        </>
      )}
    </PageFrame>
  );
}
